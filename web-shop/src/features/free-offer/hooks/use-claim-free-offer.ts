import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { authPathFor } from '../../../lib/auth-redirect';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { claimFreeOffer, waitUntilListed } from '../api/claim-free-offer';

/** The query parameter that brings a visitor back from signing in with their claim to finish. */
const CLAIM_ON_RETURN = 'claim';
const CLAIM_ON_RETURN_VALUE = 'free-offer';

/**
 * One click: a signed-in customer claims and lands on their profile, which lists the subscription;
 * a visitor signs in first and comes back here, where the claim goes on by itself.
 */
export function useClaimFreeOffer() {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const mutation = useMutation({
    mutationFn: async () => {
      const claimed = await claimFreeOffer();
      await waitUntilListed(claimed.subscriptionId);
      return claimed;
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['free-offer'] });
      navigate('/profile');
    },
  });

  const returning = searchParams.get(CLAIM_ON_RETURN) === CLAIM_ON_RETURN_VALUE;
  // A ref, not state: the claim back from signing in is sent once, however often this renders.
  const resumed = useRef(false);
  useEffect(() => {
    if (!returning || session.status !== 'signedIn' || resumed.current) return;
    resumed.current = true;
    const rest = new URLSearchParams(searchParams);
    rest.delete(CLAIM_ON_RETURN);
    setSearchParams(rest, { replace: true });
    mutation.mutate();
  }, [returning, session.status, searchParams, setSearchParams, mutation]);

  const claim = () => {
    if (session.status === 'signedIn') {
      mutation.mutate();
      return;
    }
    const back = new URLSearchParams(location.search);
    back.set(CLAIM_ON_RETURN, CLAIM_ON_RETURN_VALUE);
    navigate(authPathFor(`${location.pathname}?${back.toString()}`));
  };

  return { claim, pending: mutation.isPending || session.status === 'loading', error: mutation.error };
}

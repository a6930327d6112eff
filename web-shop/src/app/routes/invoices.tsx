import Container from '@mui/material/Container';
import { PageLoader } from '../../components/ui/page-loader';
import { TwoColumns } from '../../components/ui/two-columns';
import { AccountLoginRequired } from '../../features/account/components/account-login-required';
import { InvoiceList } from '../../features/invoices/components/invoice-list';
import { AccountMenu } from '../../features/profile/components/account-menu';
import { useSession } from '../../lib/session';

/** The customer's invoices and credit notes (reached from the profile's side menu). */
export default function InvoicesRoute() {
  const { session } = useSession();

  if (session.status === 'loading') return <PageLoader />;
  if (session.status === 'signedOut') return <AccountLoginRequired screen="invoices" returnTo="/invoices" />;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <TwoColumns widths={[1, '260px']}>
        <InvoiceList userId={session.user.id} />
        <AccountMenu fullName={session.user.fullName} />
      </TwoColumns>
    </Container>
  );
}

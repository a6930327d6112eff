import KeyIcon from '@mui/icons-material/Key';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { useState } from 'react';
import { useDataProvider, useGetMany, useListContext, useTranslate } from 'react-admin';
import { BulkActionDialog, BulkStatusChoices } from '../../components/bulk-dialog';
import type { ShopDataProvider } from '../../providers/data-provider';
import { CredentialsChoices } from './assign-credentials-button';
import { ReasonField } from './reason-field';
import { ExportSelectedSubscriptionsButton } from './subscription-export';
import { OPERATOR_SUBSCRIPTION_STATUSES } from '@shop/contracts';
import type { Subscription, SubscriptionStatus } from './subscription-vocabulary';

/** 'Changer le statut' for the selection: one status, one reason, each subscription by its own action. */
function BulkStatusButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [to, setTo] = useState<SubscriptionStatus | ''>('');
  const [reason, setReason] = useState('');
  return (
    <BulkActionDialog
      resource="subscriptions"
      messages="shop.bulk.status"
      icon={<SwapHorizIcon />}
      ready={to !== '' && reason.trim() !== ''}
      act={(ids) => dataProvider.changeStatuses('subscriptions', { ids, status: to, reason: reason.trim() })}
      shows={(subscription) => subscription.status === to}
      onClosed={() => {
        setTo('');
        setReason('');
      }}
    >
      <BulkStatusChoices
        statuses={OPERATOR_SUBSCRIPTION_STATUSES}
        labelOf={(status) => translate(`shop.subscriptions.statuses.${status}`)}
        value={to}
        onChange={setTo}
      />
      <ReasonField value={reason} onChange={setReason} helper="shop.bulk.status.reasonHelp" />
    </BulkActionDialog>
  );
}

/** 'Attribuer des identifiants' for a selection of one plan's subscriptions: one stored set for all. */
function BulkAssignButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const { selectedIds } = useListContext();
  const { data: selected = [] } = useGetMany<Subscription>('subscriptions', { ids: selectedIds });
  const [chosen, setChosen] = useState('');
  const plans = new Set(selected.map((subscription) => subscription.planId));
  const plan = plans.size === 1 ? selected[0] : undefined;
  return (
    <BulkActionDialog
      resource="subscriptions"
      messages="shop.bulk.assign"
      icon={<KeyIcon />}
      ready={chosen !== ''}
      disabledReason={plans.size > 1 ? translate('shop.bulk.assign.onePlan') : undefined}
      act={(ids) => dataProvider.assignCredentialsToMany(chosen, ids)}
      shows={(subscription) => subscription.credentialsId === chosen}
      onClosed={() => setChosen('')}
    >
      {plan && (
        <CredentialsChoices
          subscription={{ planId: plan.planId, planName: plan.planName, credentialsId: null }}
          value={chosen}
          onChange={setChosen}
        />
      )}
    </BulkActionDialog>
  );
}

/** The bar over the selected subscriptions: change their status, give them credentials, export them. */
export function SubscriptionBulkActions() {
  return (
    <>
      <BulkStatusButton />
      <BulkAssignButton />
      <ExportSelectedSubscriptionsButton />
    </>
  );
}

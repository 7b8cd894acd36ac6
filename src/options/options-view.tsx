import { OptionsHeader } from './options-header';
import { PermissionsCard } from './permissions-card';
import { BehaviourCard, HistoryCard } from './preference-cards';
import type { OptionsViewProps } from './options-view-props';

export type { AccountEditorProps, AccountFormValues, ConnectionStatus, FieldErrors, HistoryLeft, OptionsViewProps, SavedToken } from './options-view-props';

/**
 * The settings page; plain Preact with no browser calls, wired up by
 * options-app.tsx. The accounts first, each edited in one place and saved by
 * its own button; then the preferences, each saved as it is changed.
 */
export function OptionsView(props: OptionsViewProps) {
  return (
    <main class="options">
      <OptionsHeader />
      {props.accountsCard}
      <BehaviourCard {...props.behaviour} />
      <HistoryCard {...props.history} />
      {props.cards}
      <PermissionsCard rows={props.permissions.rows} status={props.permissions.status} onGiveBack={props.onGiveBack} />
    </main>
  );
}

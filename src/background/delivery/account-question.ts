import { browserWords } from '../../platform/i18n';
import type { AccountChoice } from '../../shortening/shortening';
import type { JobFailure } from '../../storage/session/job-failure';
import { useAccount } from '../service/active-account';
import { ask } from './question';

/**
 * The active account was removed on another machine through sync
 * (`active-account-removed`), and a click with no page to ask in (the menu,
 * the shortcut, the address bar, a text's links) found none to send with:
 * asks whether to shorten with the first account left, named. Yes makes it
 * the active one, as choosing it in the popup does, and gives its id; else
 * undefined, and the click fails with the sentence that says why.
 */
export async function accountChosenWhenRemoved(error: JobFailure, accounts: readonly AccountChoice[] | undefined): Promise<string | undefined> {
  const [first] = accounts ?? [];
  if (error.kind !== 'active-account-removed' || first === undefined) return undefined;
  const { t, when } = browserWords();
  const answer = await ask({
    title: t('askAccountTitle'),
    message: t('askAccountMessage', error.account, when(error.at), first.name),
    confirm: t('popupShortenWithAccount', first.name),
  });
  return answer === 'yes' && (await useAccount(first.id)) ? first.id : undefined;
}

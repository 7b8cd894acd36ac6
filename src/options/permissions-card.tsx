import { useWords } from '../ui/words-context';
import type { HeldPermission } from './options-connector';
import type { PermissionRow } from './held-permissions';

/** The optional permissions the extension holds, why, and a button to give each back. */
export function PermissionsCard({ rows, status, onGiveBack }: { rows: PermissionRow[] | undefined; status: string; onGiveBack(permission: HeldPermission): void }) {
  const { t } = useWords();
  return (
    <section class="card" aria-labelledby="permissions-heading" data-testid="permissions">
      <h2 id="permissions-heading">{t('optionsPermissionsHeading')}</h2>
      {rows !== undefined && rows.length === 0 && <p class="hint">{t('optionsPermissionsNone')}</p>}
      {rows !== undefined && rows.length > 0 && (
        <ul class="permission-list">
          {rows.map((row) => (
            <li key={row.kind === 'tabs' ? 'tabs' : row.host}>
              <p>
                {row.kind === 'tabs' ? t('optionsPermissionTabs') : t(row.forServer ? 'optionsPermissionHostServer' : 'optionsPermissionHostUnused', row.host)}
              </p>
              <button
                type="button"
                class="secondary-button"
                aria-label={row.kind === 'tabs' ? t('optionsGiveBackTabs') : t('optionsGiveBackHost', row.host)}
                onClick={() => onGiveBack(row.permission)}
              >
                {t('optionsGiveBack')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p class="save-status" role="status" data-testid="permissions-status">
        {status}
      </p>
    </section>
  );
}

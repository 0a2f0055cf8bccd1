import { autoDownloadAttribute } from '@serpwise/contracts';
import { errorsOf } from '@/lib/api-client';
import { useSetUserAttribute, useUserAttribute } from '@/lib/user-attributes';

/**
 * Account settings: whether a finished export's file downloads by itself (export-notices.tsx). Off by default: its
 * notice keeps the Download link until closed, and the export list keeps the file until it expires.
 */
export function AutoDownloadSetting() {
  const setting = useUserAttribute(autoDownloadAttribute);
  const save = useSetUserAttribute();
  const on = setting.data?.value === '1';
  return (
    <section className="form" aria-labelledby="exports-setting-heading">
      <h2 id="exports-setting-heading">Exports</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={on}
          disabled={!setting.isSuccess || save.isPending}
          onChange={(event) => save.mutate({ name: autoDownloadAttribute, value: event.target.checked ? '1' : null })}
        />{' '}
        Download finished exports automatically
      </label>
      <p className="field__hint">Otherwise the notice keeps the Download link until you close it, and the file stays in Exports until it expires.</p>
      {save.isError && (
        <p className="alert alert--error" role="alert">
          {errorsOf(save.error).join(' ')}
        </p>
      )}
    </section>
  );
}

import { reportBrandInUseMessage, type ReportBrand } from '@serpwise/contracts';
import { useState } from 'react';
import { FormMessages } from '@/components/form/form-messages';
import { SelectField } from '@/components/form/select-field';
import { ConfirmModal } from '@/components/ui/modal';
import { notify } from '@/components/ui/notifications';
import { errorsOf } from '@/lib/api-client';
import { brandOptions, useDeleteReportBrand } from '@/features/exports';

/**
 * Deletes a brand. A brand that scheduled reports use is never deleted from under them: the dialog says how many
 * use it and deletes it only after moving them to another brand the user picks (with no other brand, only Cancel).
 */
export function DeleteReportBrandDialog({ brand, others, onClose }: { brand: ReportBrand; others: ReportBrand[]; onClose: () => void }) {
  const remove = useDeleteReportBrand();
  const inUse = brand.scheduledReports > 0;
  const [moveTo, setMoveTo] = useState(others.find((other) => other.isDefault)?.id ?? others[0]?.id ?? '');
  const canDelete = !inUse || moveTo !== '';
  const confirm = () =>
    remove.mutate(
      { id: brand.id, ...(inUse ? { moveSchedulesTo: moveTo } : {}) },
      {
        onSuccess: (answer) => {
          notify(answer.message, { type: 'success' });
          onClose();
        },
      },
    );
  return (
    <ConfirmModal open title="Delete brand" confirmLabel={canDelete ? (inUse ? 'Move and delete' : 'Delete') : null} busy={remove.isPending} onConfirm={confirm} onClose={onClose}>
      {inUse ? (
        <>
          <p data-testid="brand-in-use">{reportBrandInUseMessage(brand.name, brand.scheduledReports)}</p>
          {others.length > 0 ? (
            <SelectField
              label="Move them to"
              value={moveTo}
              options={brandOptions(others)}
              onChange={setMoveTo}
            />
          ) : (
            <p>Make another brand first: it is your only one.</p>
          )}
        </>
      ) : (
        <p>
          Delete the brand &ldquo;{brand.name}&rdquo;? Reports can no longer use it. This cannot be undone.
        </p>
      )}
      <FormMessages formError={null} serverErrors={errorsOf(remove.error)} />
    </ConfirmModal>
  );
}

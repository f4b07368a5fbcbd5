import { GROUP_DISCOUNT_PERCENT, type Studio } from '@studio/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ReadStates } from '../../ui/ReadStates';
import { DISCOUNT_MESSAGES, fetchGroupDiscount, groupSettingKey, switchGroupDiscount } from './api';

interface Props {
  studio: Studio;
  onWritten: () => void;
}

/** The group-discount checkbox (docs/catalog.md#what-it-does, docs/catalog.md#constants): 20% from 2 hours in a row, on or off per studio. */
export function GroupDiscountSwitch({ studio, onWritten }: Props) {
  const setting = useQuery({ queryKey: groupSettingKey(studio), queryFn: ({ signal }) => fetchGroupDiscount(studio, signal), staleTime: 0 });
  const client = useQueryClient();
  /** The value being saved, shown until the server says yes (then it is the setting) or no (then the box goes back). */
  const [saving, setSaving] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);

  const change = async (enabled: boolean) => {
    setSaving(enabled);
    setFailed(false);
    try {
      const { data } = await switchGroupDiscount(studio, enabled);
      client.setQueryData(groupSettingKey(studio), data.enabled);
      onWritten();
    } catch {
      setFailed(true);
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="adiscount__group">
      <ReadStates loading={setting.isPending} failure={setting.error && { detail: setting.error.message }} onRetry={() => void setting.refetch()}>
        <label className="adiscount__check">
          <input type="checkbox" checked={saving ?? setting.data ?? false} disabled={setting.data === undefined || saving !== null} onChange={(event) => void change(event.target.checked)} />
          <span>Групповая скидка {GROUP_DISCOUNT_PERCENT}% при бронировании от 2 часов подряд</span>
        </label>
      </ReadStates>
      {failed && (
        <p className="outcome outcome--error" role="alert">
          {DISCOUNT_MESSAGES.settingFailed}
        </p>
      )}
    </div>
  );
}

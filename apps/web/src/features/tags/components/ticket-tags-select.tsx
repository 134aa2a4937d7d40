import Autocomplete from '@mui/material/Autocomplete';
import type { TagOption } from '@wacrm/shared/tags/tag.schema';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutocompleteField } from '../../../components/ui/autocomplete-field.tsx';
import { useSessionUser } from '../../auth/index.ts';
import { tagsApi } from '../api/tags-api.ts';
import { useTagOptions } from '../hooks/use-tags.ts';
import { TagChip } from './tag-chip.tsx';

interface TicketTagsSelectProps {
  ticketId: number;
  /** The ticket's tags as the ticket record has them. */
  value: TagOption[];
  /** Called with the saved set; the ticket's `company-{id}-ticket` update follows for every list. */
  onChange?: (tags: TagOption[]) => void;
  size?: 'small' | 'medium';
}

const sameIds = (a: TagOption[], b: TagOption[]) =>
  a.length === b.length && a.every((tag) => b.some((other) => other.id === tag.id));

/**
 * The ticket header's tag picker: every change sets the ticket's whole tag set (`POST /tags/sync`).
 * Shows the saved set at once and rolls back when the server refuses.
 */
export function TicketTagsSelect({ ticketId, value, onChange, size = 'small' }: TicketTagsSelectProps) {
  const { t } = useTranslation('tags');
  const session = useSessionUser();
  const options = useTagOptions(session.companyId);
  const [selected, setSelected] = useState<TagOption[]>(value);
  const [isSaving, setSaving] = useState(false);

  // A live ticket update (another agent tagged it) replaces what is shown.
  useEffect(() => {
    setSelected((current) => (sameIds(current, value) ? current : value));
  }, [value]);

  const handleChange = async (next: TagOption[]) => {
    const previous = selected;
    setSelected(next);
    setSaving(true);
    try {
      const saved = await tagsApi.sync(ticketId, next);
      setSelected(saved.tags);
      onChange?.(saved.tags);
    } catch {
      // The http client already toasted the coded error.
      setSelected(previous);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Autocomplete
      multiple
      size={size}
      options={(options.data ?? []).map(({ id, name, color }) => ({ id, name, color }))}
      value={selected}
      loading={options.isLoading || isSaving}
      onChange={(_event, next) => void handleChange(next)}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      getOptionLabel={(option) => option.name}
      filterSelectedOptions
      disableCloseOnSelect
      noOptionsText={t('select.noOptions')}
      loadingText={t('common:loading')}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <TagChip key={key} tag={tag} {...itemProps} data-testid="ticket-tag-chip" />;
        })
      }
      renderOption={(props, option) => {
        const { key, ...optionProps } = props;
        return (
          <li key={key} {...optionProps} data-testid="ticket-tag-option">
            <TagChip tag={option} />
          </li>
        );
      }}
      renderInput={(params) => (
        <AutocompleteField
          {...params}
          placeholder={selected.length ? undefined : t('select.placeholder')}
          aria-label={t('select.label')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'ticket-tags-input' },
          }}
        />
      )}
      sx={{ minWidth: 200 }}
      data-testid="ticket-tags-select"
    />
  );
}

import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FlowRecord } from '@wacrm/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { flowsApi, flowsKeys } from '../../flows/index.ts';

type FlowOption = Pick<FlowRecord, 'id' | 'name' | 'active'>;

interface FlowPickerFieldProps {
  value: number | null;
  onChange: (flowId: number | null) => void;
  error?: boolean;
  helperText?: string;
}

/**
 * The flow a `flowbuilder` integration starts: the company's flows by name, searched on the server
 * as the admin types (500 ms after the last key), so every flow can be picked, not only the first
 * page. The chosen flow's name is read once when it is not among the options (editing).
 */
export function FlowPickerField({ value, onChange, error, helperText }: FlowPickerFieldProps) {
  const { t } = useTranslation('integrations');
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<FlowOption | null>(null);
  const label = (flow: FlowOption) => (flow.active ? flow.name : `${flow.name} (${t('integrations.flowInactive')})`);
  // What the admin typed; the chosen flow's name shown in the field is not a search.
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), 500);
  const list = useQuery({
    queryKey: [...flowsKeys.list(search), 'picker'],
    queryFn: () => flowsApi.list(search, 1),
    placeholderData: keepPreviousData,
  });
  const options: FlowOption[] = list.data?.flows ?? [];
  const known = (picked && picked.id === value ? picked : null) ?? options.find((flow) => flow.id === value) ?? null;
  const chosen = useQuery({
    queryKey: flowsKeys.content(value ?? 0),
    queryFn: () => flowsApi.content(value ?? 0),
    enabled: value !== null && known === null,
    select: (answer): FlowOption => ({ id: answer.flow.id, name: answer.flow.name, active: answer.flow.active }),
  });
  const selected = value === null ? null : (known ?? chosen.data ?? null);
  // Kept once known, so a search that does not list it leaves the field as it is.
  useEffect(() => {
    if (selected && selected.id !== picked?.id) setPicked(selected);
  }, [selected, picked]);
  const shown = selected && !options.some((flow) => flow.id === selected.id) ? [selected, ...options] : options;
  return (
    <Autocomplete
      options={shown}
      value={selected}
      onChange={(_event, next) => {
        setPicked(next);
        onChange(next?.id ?? null);
      }}
      inputValue={text}
      onInputChange={(_event, next, reason) => {
        setText(next);
        setQuery(reason === 'input' ? next : '');
      }}
      filterOptions={(all) => all}
      getOptionLabel={label}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      loading={list.isFetching}
      noOptionsText={t('integrations.noFlows')}
      renderInput={(params) => (
        <TextField
          {...params}
          required
          label={t('integrations.fields.flowId')}
          error={error}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'integration-flowId' },
          }}
        />
      )}
    />
  );
}

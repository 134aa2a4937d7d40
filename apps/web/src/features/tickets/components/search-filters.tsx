import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { TagOption } from '../api/tickets-api.ts';

interface NamedOption {
  id: number;
  name: string;
}

interface SearchFiltersProps {
  text: string;
  onTextChange: (text: string) => void;
  tagOptions: TagOption[];
  tags: number[];
  onTagsChange: (ids: number[]) => void;
  /** null: not an admin (spec: the user filter is for admins only). */
  userOptions: NamedOption[] | null;
  users: number[];
  onUsersChange: (ids: number[]) => void;
}

function MultiSelect<T extends NamedOption & { color?: string }>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: T[];
  value: number[];
  onChange: (ids: number[]) => void;
  testId: string;
}) {
  return (
    <Autocomplete
      multiple
      size="small"
      limitTags={1}
      options={options}
      value={options.filter((option) => value.includes(option.id))}
      onChange={(_event, next) => onChange(next.map((option) => option.id))}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.color && (
            <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: option.color, mr: 1, flexShrink: 0 }} />
          )}
          {option.name}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label} data-testid={testId} />}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );
}

/** spec: the search tab — text (debounced by the caller), tags, and users for admins. */
export function SearchFilters(props: SearchFiltersProps) {
  const { t } = useTranslation('tickets');
  const { tagOptions, userOptions } = props;
  return (
    <Stack spacing={1} sx={{ px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <TextField
        size="small"
        fullWidth
        autoFocus
        placeholder={t('search.placeholder')}
        value={props.text}
        onChange={(event) => props.onTextChange(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-label': t('search.placeholder'), 'data-testid': 'tickets-search' },
        }}
      />
      <Stack direction="row" spacing={1}>
        <MultiSelect
          label={t('search.tags')}
          options={tagOptions}
          value={props.tags}
          onChange={props.onTagsChange}
          testId="tickets-tags-filter"
        />
        {userOptions && (
          <MultiSelect
            label={t('search.users')}
            options={userOptions}
            value={props.users}
            onChange={props.onUsersChange}
            testId="tickets-users-filter"
          />
        )}
      </Stack>
    </Stack>
  );
}

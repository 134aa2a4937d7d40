import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SearchField } from './search-field.tsx';

interface ListSearch {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label?: string;
  testId: string;
}

interface ListPageHeaderProps {
  title: ReactNode;
  titleTestId?: string;
  /** The list's total, shown in brackets after the title once known. */
  count?: number;
  countTestId?: string;
  /** A line under the title, such as the plan's usage. */
  subtitle?: ReactNode;
  search?: ListSearch;
  /** Other buttons (import…), before the add button. */
  actions?: ReactNode;
  /** The screen's main button, last in the row. */
  add?: AddButton;
}

interface AddButton {
  label: string;
  onClick: () => void;
  testId: string;
  /** A plus sign unless given. */
  icon?: ReactNode;
  isDisabled?: boolean;
}

type ListTitleProps = Pick<ListPageHeaderProps, 'title' | 'titleTestId' | 'count' | 'countTestId'> & {
  sx?: SxProps<Theme>;
};

/** A list screen's heading with the list's total in brackets once known. */
export function ListTitle({ title, titleTestId, count, countTestId, sx }: ListTitleProps) {
  return (
    <Typography variant="h5" component="h1" sx={sx} data-testid={titleTestId}>
      {title}
      {count !== undefined && (
        <Typography component="span" color="text.secondary" sx={{ ml: 1 }} data-testid={countTestId}>
          ({count})
        </Typography>
      )}
    </Typography>
  );
}

/** A list screen's first row: the title with the count, the search box and the buttons; stacked on phones. */
export function ListPageHeader(props: ListPageHeaderProps) {
  const { subtitle, search, actions, add } = props;
  const title = (
    <ListTitle
      title={props.title}
      titleTestId={props.titleTestId}
      count={props.count}
      countTestId={props.countTestId}
      sx={subtitle ? undefined : { flex: 1 }}
    />
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
      {subtitle ? (
        <Box sx={{ flex: 1 }}>
          {title}
          {subtitle}
        </Box>
      ) : (
        title
      )}
      {search && (
        <SearchField
          placeholder={search.placeholder}
          value={search.value}
          onChange={search.onChange}
          label={search.label}
          testId={search.testId}
        />
      )}
      {actions}
      {add && (
        <Button
          variant="contained"
          startIcon={add.icon ?? <AddOutlined />}
          onClick={add.onClick}
          disabled={add.isDisabled}
          data-testid={add.testId}
        >
          {add.label}
        </Button>
      )}
    </Stack>
  );
}

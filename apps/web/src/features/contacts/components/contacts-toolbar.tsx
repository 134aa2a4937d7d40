import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { type ContactsAction, ContactsActionsMenu } from './contacts-actions-menu.tsx';

interface ContactsToolbarProps {
  /** The page heading; on desktop the actions sit on its row. */
  title: React.ReactNode;
  search: string;
  onSearchChange: (value: string) => void;
  isAdmin: boolean;
  isExporting: boolean;
  hasContacts: boolean;
  onAdd: () => void;
  onImport: () => void;
  onImportFromPhone: () => void;
  onExport: () => void;
  onDeleteAll: () => void;
}

/**
 * The page heading, search, the primary action (add) and the secondary ones. On desktop the
 * secondary actions are light text buttons and "delete all" a separated danger one; on narrow
 * screens they move into a "more" menu beside the add button. Both keep the same test ids.
 */
export function ContactsToolbar(props: ContactsToolbarProps) {
  const { t } = useTranslation('contacts');
  const isNarrow = useMediaQuery((theme) => theme.breakpoints.down('md'));
  const secondary: ContactsAction[] = [
    { key: 'import', label: t('actions.import'), Icon: UploadFileOutlined, onClick: props.onImport },
    {
      key: 'phone-import',
      label: t('actions.importFromPhone'),
      Icon: ContactPhoneOutlined,
      onClick: props.onImportFromPhone,
    },
    {
      key: 'export',
      label: t('actions.export'),
      Icon: FileDownloadOutlined,
      onClick: props.onExport,
      isBusy: props.isExporting,
    },
  ];
  const deleteAll: ContactsAction | null = props.isAdmin
    ? {
        key: 'delete-all',
        label: t('actions.deleteAll'),
        Icon: DeleteSweepOutlined,
        onClick: props.onDeleteAll,
        isDisabled: !props.hasContacts,
        isDanger: true,
      }
    : null;

  const addButton = (
    <Button
      variant="contained"
      startIcon={<PersonAddAlt1Outlined />}
      onClick={props.onAdd}
      data-testid="contacts-add"
      sx={{ flex: { xs: 1, md: 'none' }, ml: { md: 1 }, whiteSpace: 'nowrap' }}
    >
      {t('actions.add')}
    </Button>
  );

  const searchField = (
    <SearchField
      placeholder={t('search')}
      value={props.search}
      onChange={props.onSearchChange}
      label={t('searchLabel')}
      testId="contacts-search"
      sx={{ maxWidth: { md: 420 } }}
    />
  );

  if (isNarrow) {
    return (
      <Stack spacing={1.5}>
        {props.title}
        {searchField}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {addButton}
          <ContactsActionsMenu actions={deleteAll ? [...secondary, deleteAll] : secondary} />
        </Stack>
      </Stack>
    );
  }
  // Desktop: the actions share the title's row, so the search gets a row of its own.
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {props.title}
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', ml: 'auto' }}>
          {secondary.map((action) => (
            <ToolbarButton key={action.key} action={action} />
          ))}
          {deleteAll && (
            <>
              <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
              <ToolbarButton action={deleteAll} />
            </>
          )}
          {addButton}
        </Stack>
      </Stack>
      {searchField}
    </Stack>
  );
}

function ToolbarButton({ action }: { action: ContactsAction }) {
  const { Icon } = action;
  return (
    <Button
      variant="text"
      color={action.isDanger ? 'error' : 'primary'}
      startIcon={<Icon />}
      onClick={action.onClick}
      loading={action.isBusy}
      disabled={action.isDisabled}
      data-testid={`contacts-${action.key}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {action.label}
    </Button>
  );
}

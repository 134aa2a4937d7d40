import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface ContactsToolbarProps {
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

/** Search and the page's actions; when they do not fit on one line the buttons wrap under the search. */
export function ContactsToolbar(props: ContactsToolbarProps) {
  const { t } = useTranslation('contacts');
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: { md: 'center' }, flexWrap: { md: 'wrap' } }}
    >
      <TextField
        size="small"
        placeholder={t('search')}
        value={props.search}
        onChange={(event) => props.onSearchChange(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-label': t('searchLabel'), 'data-testid': 'contacts-search' },
        }}
        // Wide enough to read the placeholder; the buttons wrap below when they do not fit beside it.
        sx={{ flex: { md: '1 1 280px' }, maxWidth: { md: 420 } }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', ml: { md: 'auto !important' } }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          onClick={props.onImport}
          data-testid="contacts-import"
        >
          {t('actions.import')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<ContactPhoneOutlined />}
          onClick={props.onImportFromPhone}
          data-testid="contacts-phone-import"
        >
          {t('actions.importFromPhone')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={props.onExport}
          loading={props.isExporting}
          data-testid="contacts-export"
        >
          {t('actions.export')}
        </Button>
        {props.isAdmin && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteSweepOutlined />}
            onClick={props.onDeleteAll}
            disabled={!props.hasContacts}
            data-testid="contacts-delete-all"
          >
            {t('actions.deleteAll')}
          </Button>
        )}
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1Outlined />}
          onClick={props.onAdd}
          data-testid="contacts-add"
        >
          {t('actions.add')}
        </Button>
      </Stack>
    </Stack>
  );
}

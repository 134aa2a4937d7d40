import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CAMPAIGN_VARIANTS, type CampaignStatus } from '@wacrm/shared/campaigns/campaign.schema';
import { useTranslation } from 'react-i18next';
import { CampaignAttachment } from './campaign-attachment.tsx';

export type CampaignMessages = [string, string, string, string, string];

/**
 * What a campaign on a connection paired by QR code sends: the file list, its own file and the
 * five message variants (one picked at random per contact).
 */
export function CampaignTexts(props: {
  readOnly: boolean;
  status: CampaignStatus | undefined;
  messages: CampaignMessages;
  onMessages: (messages: CampaignMessages) => void;
  variables: string[];
  fileListId: number | '';
  fileLists: { id: number; name: string }[];
  onFileList: (id: number | '') => void;
  media: { name: string | null; error: string | null; onPick: (file: File) => void; onRemove: () => void };
}) {
  const { t } = useTranslation('campaigns');
  const { readOnly, messages } = props;
  return (
    <>
      <TextField
        select
        label={t('campaigns.fileList')}
        value={props.fileListId}
        disabled={readOnly}
        onChange={(event) => props.onFileList(event.target.value === '' ? '' : Number(event.target.value))}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'campaign-file-list' } as object } }}
      >
        <MenuItem value="">{t('campaigns.none')}</MenuItem>
        {props.fileLists.map((list) => (
          <MenuItem key={list.id} value={list.id}>
            {list.name}
          </MenuItem>
        ))}
      </TextField>
      <CampaignAttachment
        name={props.media.name}
        error={props.media.error}
        disabled={readOnly}
        onPick={props.media.onPick}
        onRemove={props.media.onRemove}
      />
      {!readOnly && (
        <Typography variant="body2" color="text.secondary">
          {t('campaigns.variablesHint', { list: props.variables.map((key) => `{{${key}}}`).join(' ') })}
        </Typography>
      )}
      {Array.from({ length: CAMPAIGN_VARIANTS }, (_, index) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: the five variants are fixed positions
          key={index}
          label={t('campaigns.message', { n: index + 1 })}
          value={messages[index]}
          disabled={readOnly && props.status !== 'CANCELADA'}
          multiline
          minRows={2}
          onChange={(event) => {
            const next = [...messages] as CampaignMessages;
            next[index] = event.target.value;
            props.onMessages(next);
          }}
          slotProps={{ htmlInput: { maxLength: 4096, 'data-testid': `campaign-message-${index + 1}` } }}
        />
      ))}
    </>
  );
}

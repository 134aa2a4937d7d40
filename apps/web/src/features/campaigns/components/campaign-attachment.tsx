import { useTranslation } from 'react-i18next';
import { AttachmentField, type AttachmentFieldProps } from '../../../components/ui/attachment-field.tsx';

/** The campaign's own file, sent with the text as its caption; uploaded when the dialog saves. */
export function CampaignAttachment(props: AttachmentFieldProps) {
  const { t } = useTranslation('campaigns');
  const labels = {
    attach: t('campaigns.media.attach'),
    replace: t('campaigns.media.replace'),
    remove: t('campaigns.media.remove'),
    hint: t('campaigns.media.hint'),
  };
  return <AttachmentField {...props} labels={labels} testId="campaign" />;
}

import { SCHEDULE_MEDIA_ACCEPT } from '@wacrm/shared/schedules/schedule.schema';
import { useTranslation } from 'react-i18next';
import { AttachmentField, type AttachmentFieldProps } from '../../../components/ui/attachment-field.tsx';

/** The optional image (png, jpg, jpeg) or pdf; uploaded when the dialog saves. */
export function ScheduleAttachment(props: AttachmentFieldProps) {
  const { t } = useTranslation('schedules');
  const labels = {
    attach: t('media.attach'),
    replace: t('media.replace'),
    remove: t('media.remove'),
    hint: t('media.hint'),
  };
  return <AttachmentField {...props} labels={labels} accept={SCHEDULE_MEDIA_ACCEPT} testId="schedule" />;
}

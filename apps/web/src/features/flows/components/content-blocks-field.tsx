import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FlowContentBlock, type FlowContentBlockType, flowContentBlockTypes } from '@wacrm/shared';
import { useTranslation } from 'react-i18next';
import { MediaUploadField } from './media-upload-field.tsx';

/** The content node's ordered blocks: text, interval, image, audio and video (spec: content dialog). */
export function ContentBlocksField(props: {
  blocks: FlowContentBlock[];
  onChange: (blocks: FlowContentBlock[]) => void;
  errors: Record<string, string>;
}) {
  const { blocks, onChange, errors } = props;
  const { t } = useTranslation('flows');
  const update = (index: number, value: string) =>
    onChange(blocks.map((block, i) => (i === index ? { ...block, value } : block)));
  const add = (type: FlowContentBlockType) =>
    onChange([...blocks, { number: `${type}${blocks.length}`, type, value: type === 'interval' ? '5' : '' }]);

  return (
    <Stack spacing={1.5}>
      {blocks.map((block, index) => (
        <Paper key={block.number} variant="outlined" sx={{ p: 1.5 }} data-testid="content-block">
          <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {t(`nodes.${block.type}.title`)}
            </Typography>
            <IconButton
              size="small"
              aria-label={t('actions.delete')}
              onClick={() => onChange(blocks.filter((_, i) => i !== index))}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Stack>
          {block.type === 'message' && (
            <TextField
              fullWidth
              multiline
              minRows={3}
              value={block.value}
              onChange={(event) => update(index, event.target.value)}
              error={Boolean(errors[`elements.${index}.value`])}
              helperText={errors[`elements.${index}.value`] ? t('validation.emptyMessage') : ' '}
            />
          )}
          {block.type === 'interval' && (
            <TextField
              type="number"
              label={t('nodes.interval.seconds')}
              value={block.value}
              onChange={(event) => update(index, event.target.value)}
              error={Boolean(errors[`elements.${index}.value`])}
              helperText={errors[`elements.${index}.value`] ? t('validation.contentInterval') : ' '}
              slotProps={{ htmlInput: { min: 1, max: 120 } }}
            />
          )}
          {(block.type === 'img' || block.type === 'audio' || block.type === 'video') && (
            <MediaUploadField
              kind={block.type}
              value={block.value}
              onChange={(path) => update(index, path)}
              error={errors[`elements.${index}.value`]}
            />
          )}
        </Paper>
      ))}
      {errors.elements && (
        <Typography color="error" variant="caption">
          {t('validation.contentEmpty')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {flowContentBlockTypes.map((type) => (
          <Button
            key={type}
            size="small"
            variant="outlined"
            onClick={() => add(type)}
            data-testid={`content-add-${type}`}
          >
            + {t(`nodes.${type}.title`)}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

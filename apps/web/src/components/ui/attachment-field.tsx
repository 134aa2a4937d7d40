import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { useRef } from 'react';

export interface AttachmentFieldProps {
  name: string | null;
  error: string | null;
  disabled?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/**
 * One optional file in a dialog: a button that picks it, a chip with its name that removes it,
 * and a hint (or the error) under them. The dialog uploads it when it saves.
 */
export function AttachmentField({
  name,
  error,
  disabled,
  onPick,
  onRemove,
  labels,
  accept,
  testId,
}: AttachmentFieldProps & {
  labels: { attach: string; replace: string; remove: string; hint: string };
  accept?: string;
  /** Prefix of the test ids: `{testId}-attach`, `-media`, `-media-remove`, `-file-input`. */
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          size="small"
          disabled={disabled}
          startIcon={<AttachFileOutlined />}
          onClick={() => input.current?.click()}
          data-testid={`${testId}-attach`}
        >
          {name ? labels.replace : labels.attach}
        </Button>
        {name && (
          <Chip
            label={name}
            onDelete={disabled ? undefined : onRemove}
            deleteIcon={<CloseOutlined aria-label={labels.remove} data-testid={`${testId}-media-remove`} />}
            sx={{ maxWidth: '100%' }}
            data-testid={`${testId}-media`}
          />
        )}
      </Stack>
      <FormHelperText error={Boolean(error)}>{error ?? labels.hint}</FormHelperText>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        data-testid={`${testId}-file-input`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          event.target.value = '';
        }}
      />
    </div>
  );
}

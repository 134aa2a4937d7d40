import Chip, { type ChipProps } from '@mui/material/Chip';
import type { TagOption } from '@wacrm/shared/tags/tag.schema';
import { readableTextColor } from '../model/tag-list.ts';

type TagChipProps = { tag: Pick<TagOption, 'name' | 'color'> } & Omit<ChipProps, 'label' | 'color'>;

/** A tag as a chip in its own colour, with text that stays readable on it. */
export function TagChip({ tag, sx, ...props }: TagChipProps) {
  return (
    <Chip
      size="small"
      label={tag.name}
      {...props}
      sx={{
        bgcolor: tag.color,
        color: readableTextColor(tag.color),
        fontWeight: 500,
        maxWidth: '100%',
        '& .MuiChip-deleteIcon': { color: 'inherit', opacity: 0.7 },
        ...sx,
      }}
    />
  );
}

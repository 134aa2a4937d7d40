import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import type { QuickMessage } from '../api/conversation-api.ts';
import { truncateLabel } from '../model/thread.ts';

interface QuickReplyListProps {
  options: QuickMessage[];
  activeIndex: number;
  onPick: (option: QuickMessage) => void;
}

/** The shortcut suggestions above the composer; the composer's keys move through them. */
export function QuickReplyList({ options, activeIndex, onPick }: QuickReplyListProps) {
  if (options.length === 0) return null;
  return (
    <Paper
      elevation={4}
      sx={{
        position: 'absolute',
        bottom: '100%',
        left: 8,
        right: 8,
        maxHeight: 240,
        overflowY: 'auto',
        mb: 0.5,
        zIndex: 2,
      }}
    >
      <List dense role="listbox" data-testid="quick-replies">
        {options.map((option, index) => (
          <ListItemButton
            key={option.id}
            selected={index === activeIndex}
            role="option"
            aria-selected={index === activeIndex}
            // Keeps the input focused: the pick happens on click without a blur first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(option)}
          >
            <ListItemText primary={truncateLabel(`${option.shortcode} - ${option.message}`)} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}

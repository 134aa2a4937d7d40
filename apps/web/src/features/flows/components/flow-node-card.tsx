import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { outgoingHandlesOf } from '@wacrm/shared';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { NODE_WIDTH } from '../model/flow-editor.ts';
import { nodeColors, nodeSummary } from '../model/node-kinds.ts';

/** What a node card can ask of the editor, and which nodes the last save found wrong. */
export const FlowCanvasContext = createContext<{
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
  errorNodeIds: Set<string>;
}>({ onDuplicate: () => undefined, onDelete: () => undefined, errorNodeIds: new Set() });

/** One card for every kind: title, a summary, an input handle and one output handle per branch. */
export function FlowNodeCard({ id, type, data, selected }: NodeProps) {
  const { t } = useTranslation('flows');
  const canvas = useContext(FlowCanvasContext);
  const color = nodeColors[type] ?? '#616161';
  const handles = outgoingHandlesOf({ id, type: type as never, position: { x: 0, y: 0 }, data });
  const hasError = canvas.errorNodeIds.has(id);
  const summary =
    type === 'start'
      ? t('editor.startLabel')
      : type === 'condition'
        ? `{{${data.key ?? ''}}} ${t(`nodes.condition.operators.${String(data.condition ?? 'equals')}`)} ${data.condition === 'isEmpty' ? '' : String(data.value ?? '')}`.trim()
        : nodeSummary(type, data);
  const branchLabel = (handle: string | null) => {
    if (type === 'condition') return handle === 'true' ? t('nodes.condition.true') : t('nodes.condition.false');
    if (type === 'randomizer') {
      const percent = Number(data.percent) || 0;
      return handle === 'a' ? `${percent}%` : `${100 - percent}%`;
    }
    if (type === 'menu') {
      const option = (data.arrayOption as { number: number; value: string }[] | undefined)?.find(
        (item) => `a${item.number}` === handle,
      );
      return option ? `${option.number}. ${option.value}` : handle;
    }
    return null;
  };

  const labelled = handles.some((handle) => branchLabel(handle) !== null);

  return (
    <Box
      data-testid="flow-node"
      data-node-type={type}
      sx={(theme) => ({
        width: NODE_WIDTH,
        bgcolor: 'background.paper',
        color: 'text.primary',
        border: 2,
        borderColor: hasError ? 'error.main' : selected ? theme.palette.primary.main : 'divider',
        borderRadius: 2,
        boxShadow: selected ? 6 : 1,
        overflow: 'visible',
      })}
    >
      <Box
        data-testid="node-header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          bgcolor: color,
          color: '#fff',
          px: 1,
          py: 0.5,
          borderRadius: '6px 6px 0 0',
        }}
      >
        <Typography variant="subtitle2" sx={{ flex: 1, color: 'inherit' }}>
          {t(`nodes.${type}.title`)}
        </Typography>
        {type !== 'start' && (
          <>
            <IconButton
              size="small"
              sx={{ color: 'inherit' }}
              aria-label={t('editor.duplicate')}
              className="nodrag"
              onClick={() => canvas.onDuplicate(id)}
              data-testid="node-duplicate"
            >
              <ContentCopyOutlined sx={{ fontSize: 16 }} />
            </IconButton>
            <IconButton
              size="small"
              sx={{ color: 'inherit' }}
              aria-label={t('actions.delete')}
              className="nodrag"
              onClick={() => canvas.onDelete(id)}
              data-testid="node-delete"
            >
              <DeleteOutline sx={{ fontSize: 16 }} />
            </IconButton>
          </>
        )}
      </Box>
      <Typography
        variant="body2"
        data-testid="node-summary"
        sx={{ px: 1, py: 1, minHeight: 36, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
        color={summary ? 'text.primary' : 'text.secondary'}
      >
        {(summary || t('editor.emptyNode')).slice(0, 140)}
      </Typography>
      {type !== 'start' && (
        <Handle type="target" position={Position.Left} style={{ width: 12, height: 12, background: color }} />
      )}
      {type !== 'ticket' && (
        <Box data-testid="node-branches" sx={labelled ? { py: 0.5, borderTop: 1, borderColor: 'divider' } : undefined}>
          {handles.map((handle) => (
            <BranchRow key={handle ?? 'out'} handle={handle} label={branchLabel(handle)} color={color} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * One output of a node. A labelled branch (a menu option, true/false, a share) is a row of its own
 * under the node's text with its handle at the row's middle, so every label sits beside its handle
 * and never over the header or the text, however many options and at any zoom. An unlabelled
 * single output keeps the handle at the middle of the card's right edge.
 */
function BranchRow({ handle, label, color }: { handle: string | null; label: string | null; color: string }) {
  const connector = (
    <Handle
      type="source"
      id={handle ?? undefined}
      position={Position.Right}
      // In a row the handle is placed from the row, inside the card's 2 px border: moved onto the edge.
      style={{ width: 12, height: 12, background: color, ...(label === null ? {} : { right: -2 }) }}
      data-testid={`handle-${handle ?? 'out'}`}
    />
  );
  if (label === null) return connector;
  return (
    <Box
      data-testid="node-branch"
      sx={{ position: 'relative', display: 'flex', justifyContent: 'flex-end', minHeight: 24, pl: 1, pr: 1.5 }}
    >
      <Typography
        variant="caption"
        title={label}
        data-testid="node-branch-label"
        sx={{
          color: 'text.secondary',
          lineHeight: '24px',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {label}
      </Typography>
      {connector}
    </Box>
  );
}

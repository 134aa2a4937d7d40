import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { flowNodeDataSchemas } from '@wacrm/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NodeFields } from './node-fields.tsx';

export interface NodeDialogState {
  mode: 'create' | 'edit';
  type: string;
  id?: string;
  data: Record<string, unknown>;
}

/** Add or edit one node (spec: node dialogs, mode create or edit), checked with the shared schema of its kind. */
export function NodeDialog(props: {
  state: NodeDialogState | null;
  variables: string[];
  queues: { id: number; name: string }[];
  onClose: () => void;
  onSubmit: (state: NodeDialogState) => void;
}) {
  const { state, onClose, onSubmit } = props;
  const { t } = useTranslation('flows');
  const [data, setData] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (state) {
      setData(structuredClone(state.data));
      setErrors({});
    }
  }, [state]);
  if (!state) return null;
  const schema = flowNodeDataSchemas[state.type as keyof typeof flowNodeDataSchemas];

  const handleSubmit = () => {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'form', issue.message])),
      );
      return;
    }
    // spec: the OpenAI node's key is required (a stored key comes back masked and is kept by the server).
    const settings = (parsed.data as { typebotIntegration?: { apiKey?: string } }).typebotIntegration;
    if (state.type === 'openai' && !settings?.apiKey) {
      setErrors({ 'typebotIntegration.apiKey': 'Required' });
      return;
    }
    onSubmit({ ...state, data: parsed.data as Record<string, unknown> });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t(state.mode === 'create' ? 'editor.addTitle' : 'editor.editTitle', { kind: t(`nodes.${state.type}.title`) })}
      </DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <NodeFields
          type={state.type}
          data={data}
          onChange={setData}
          errors={errors}
          variables={props.variables}
          queues={props.queues}
        />
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={handleSubmit} data-testid="node-dialog-submit">
          {t(state.mode === 'create' ? 'actions.add' : 'actions.edit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

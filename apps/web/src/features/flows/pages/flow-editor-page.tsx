import '@xyflow/react/dist/style.css';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { FLOW_BUILT_IN_VARIABLES, type FlowIssue } from '@wacrm/shared';
import {
  addEdge,
  Background,
  type Connection,
  Controls,
  type Edge,
  MiniMap,
  type Node,
  ReactFlow,
  useEdgesState,
  useNodesState,
} from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { useColorMode } from '../../../app/color-mode.tsx';
import { CenteredSpinner } from '../../../components/ui/centered-spinner.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.ts';
import { useSessionUser } from '../../auth/index.ts';
import { useCompanyPlan } from '../../plans/index.ts';
import { flowsApi, flowsKeys } from '../api/flows-api.ts';
import { FlowCanvasContext, FlowNodeCard } from '../components/flow-node-card.tsx';
import { FlowTestPanel } from '../components/flow-test-panel.tsx';
import { NodeDialog, type NodeDialogState } from '../components/node-dialog.tsx';
import { NodeSpeedDial } from '../components/node-speed-dial.tsx';
import { useUnsavedWarning } from '../hooks/use-unsaved-warning.ts';
import {
  addNode,
  deleteNode,
  duplicateNode,
  type EditorNode,
  flowSnapshot,
  startNode,
  toStoredFlow,
  updateNodeData,
} from '../model/flow-editor.ts';
import { issueFieldLabel } from '../model/issue-field.ts';
import { type AddableNodeKind, emptyNodeData, nodeColors } from '../model/node-kinds.ts';

const nodeTypes = Object.fromEntries(
  [
    'start',
    'message',
    'interval',
    'menu',
    'img',
    'audio',
    'video',
    'randomizer',
    'condition',
    'singleBlock',
    'content',
    'ticket',
    'typebot',
    'question',
    'openai',
  ].map((type) => [type, FlowNodeCard]),
);

/** 'Desenhe seu fluxo' (spec: Flow editor) on React Flow. */
export function FlowEditorPage() {
  const { t } = useTranslation('flows');
  const { companyId } = useSessionUser();
  const { data: plan } = useCompanyPlan(companyId);
  // The server refuses these nodes on a plan without their flag; the speed-dial does not offer them.
  const botKindsOffPlan = useMemo(
    () =>
      [
        ...(plan && !plan.useIntegrations ? (['typebot'] as const) : []),
        ...(plan && !plan.useOpenAi ? (['openai'] as const) : []),
      ] as AddableNodeKind[],
    [plan],
  );
  const flowId = Number(useParams().id);
  const { mode } = useColorMode();
  // The minimap would cover half of a phone's canvas.
  const isPhone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const content = useQuery({
    queryKey: flowsKeys.content(flowId),
    queryFn: () => flowsApi.content(flowId),
    enabled: flowId > 0,
  });
  const queues = useQuery({ queryKey: ['flows', 'queues'], queryFn: flowsApi.queues });
  const [nodes, setNodes, onNodesChange] = useNodesState<Node>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>([]);
  const [savedSnapshot, setSavedSnapshot] = useState<string | null>(null);
  const [dialog, setDialog] = useState<NodeDialogState | null>(null);
  const [issues, setIssues] = useState<FlowIssue[]>([]);
  const [isSaving, setSaving] = useState(false);
  const [isTesting, setTesting] = useState(false);

  // The stored flow, or the default start node when it is empty (spec).
  const showStored = useCallback(() => {
    if (!content.data) return;
    const stored = content.data.flow.flow;
    const loadedNodes = (stored?.nodes.length ? stored.nodes : [startNode()]).map((node) => ({
      ...node,
      deletable: node.type !== 'start',
    }));
    const loadedEdges = (stored?.connections ?? []).map((edge) => ({
      ...edge,
      sourceHandle: edge.sourceHandle ?? null,
    }));
    setNodes(loadedNodes as Node[]);
    setEdges(loadedEdges as Edge[]);
    setSavedSnapshot(flowSnapshot(loadedNodes as EditorNode[], loadedEdges));
  }, [content.data, setNodes, setEdges]);
  // A refetch of the stored flow (a realtime reconnection reloads every query) never replaces
  // changes the admin has not saved: it is shown only while the canvas has none.
  const hasUnsavedChanges = useRef(false);
  useEffect(() => {
    if (!hasUnsavedChanges.current) showStored();
  }, [showStored]);

  const isDirty = savedSnapshot !== null && savedSnapshot !== flowSnapshot(nodes as EditorNode[], edges);
  hasUnsavedChanges.current = isDirty;
  const leaving = useUnsavedWarning(isDirty);

  const variables = useMemo(() => {
    const keys = nodes
      .filter((node) => node.type === 'question')
      .map((node) => (node.data.typebotIntegration as { answerKey?: string } | undefined)?.answerKey)
      .filter((key): key is string => Boolean(key));
    return [...new Set([...FLOW_BUILT_IN_VARIABLES, ...keys])];
  }, [nodes]);

  const handleConnect = useCallback(
    (connection: Connection) =>
      setEdges((current) =>
        // One connection per branch: a new one replaces the old.
        addEdge(
          {
            ...connection,
            id: `e-${connection.source}-${connection.sourceHandle ?? 'out'}-${connection.target}`,
            animated: true,
          },
          current.filter(
            (edge) =>
              !(edge.source === connection.source && (edge.sourceHandle ?? null) === (connection.sourceHandle ?? null)),
          ),
        ),
      ),
    [setEdges],
  );

  const canvasActions = useMemo(
    () => ({
      onDuplicate: (id: string) => setNodes((current) => duplicateNode(current as EditorNode[], id) as Node[]),
      onDelete: (id: string) => {
        const next = deleteNode(nodes as EditorNode[], edges, id);
        setNodes(next.nodes as Node[]);
        setEdges(next.edges as Edge[]);
      },
      errorNodeIds: new Set(issues.map((issue) => issue.nodeId).filter((id): id is string => Boolean(id))),
    }),
    [nodes, edges, issues, setNodes, setEdges],
  );

  const handleDialogSubmit = (state: NodeDialogState) => {
    if (state.mode === 'edit' && state.id)
      setNodes((current) => updateNodeData(current as EditorNode[], state.id!, state.data) as Node[]);
    else setNodes((current) => addNode(current as EditorNode[], state.type as never, state.data) as Node[]);
    setDialog(null);
  };

  const handleSave = async () => {
    const stored = toStoredFlow(nodes as EditorNode[], edges);
    setSaving(true);
    try {
      const answer = await flowsApi.save(flowId, stored.nodes, stored.connections);
      setIssues(answer.warnings);
      setSavedSnapshot(flowSnapshot(nodes as EditorNode[], edges));
      toast.success(t('toasts.saved'));
    } catch (caught) {
      const found = isApiError(caught) ? ((caught.details?.errors as FlowIssue[] | undefined) ?? []) : [];
      setIssues(found);
      toast.error(
        isApiError(caught) ? t(`errors.${caught.code}`, { defaultValue: caught.message }) : t('errors.saveFailed'),
      );
    } finally {
      setSaving(false);
    }
  };

  if (!(flowId > 0)) return <Navigate to="/flowbuilders" replace />;
  if (!content.data) return <CenteredSpinner />;
  const errors = issues.filter((issue) => issue.code !== 'unreachable');
  const warnings = issues.filter((issue) => issue.code === 'unreachable');
  const nodeName = (id?: string) => {
    const node = nodes.find((candidate) => candidate.id === id);
    return node ? t(`nodes.${node.type}.title`) : (id ?? '');
  };

  return (
    <Stack spacing={1.5} sx={{ height: { xs: 'calc(100dvh - 88px)', sm: 'calc(100dvh - 112px)' }, minHeight: 420 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <IconButton component={RouterLink} to="/flowbuilders" aria-label={t('editor.back')}>
          <ArrowBackOutlined />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Typography variant="h5" component="h1">
            {t('editor.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {content.data.flow.name}
          </Typography>
        </Box>
        <Typography
          variant="body2"
          color={isDirty ? 'warning.main' : 'text.secondary'}
          data-testid="flow-save-reminder"
        >
          {isDirty ? t('editor.unsaved') : t('editor.reminder')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<ScienceOutlined />}
          onClick={() => setTesting((open) => !open)}
          data-testid="flow-test-open"
        >
          {t('test.open')}
        </Button>
        <Button
          variant="contained"
          startIcon={<SaveOutlined />}
          loading={isSaving}
          onClick={handleSave}
          data-testid="flow-save"
        >
          {t('editor.save')}
        </Button>
      </Stack>
      {(errors.length > 0 || warnings.length > 0) && (
        <Alert
          severity={errors.length > 0 ? 'error' : 'warning'}
          data-testid="flow-issues"
          sx={{ maxHeight: 120, overflow: 'auto' }}
        >
          {[...errors, ...warnings].slice(0, 8).map((issue) => {
            const field = issueFieldLabel(t, issue.field);
            return (
              <div key={`${issue.code}-${issue.nodeId ?? ''}-${issue.connectionId ?? ''}-${issue.field ?? ''}`}>
                {issue.nodeId ? `${nodeName(issue.nodeId)}: ` : ''}
                {t(`issues.${issue.code}`)}
                {field ? ` (${field})` : ''}
              </div>
            );
          })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ flex: 1, minHeight: 0 }}>
        <Paper
          variant="outlined"
          sx={{ flex: 1, minHeight: 300, position: 'relative', overflow: 'hidden' }}
          data-testid="flow-canvas"
        >
          <FlowCanvasContext.Provider value={canvasActions}>
            <NodeSpeedDial
              hidden={botKindsOffPlan}
              onPick={(kind) => setDialog({ mode: 'create', type: kind, data: emptyNodeData(kind) })}
            />
            <ReactFlow
              nodes={nodes}
              edges={edges}
              nodeTypes={nodeTypes}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onConnect={handleConnect}
              onNodeDoubleClick={(_, node) =>
                node.type !== 'start' &&
                setDialog({ mode: 'edit', type: node.type ?? 'message', id: node.id, data: node.data })
              }
              deleteKeyCode={['Backspace', 'Delete']}
              colorMode={mode === 'dark' ? 'dark' : 'light'}
              defaultEdgeOptions={{ animated: true, style: { strokeWidth: 2 } }}
              fitView
              fitViewOptions={{ maxZoom: 1 }}
              proOptions={{ hideAttribution: true }}
            >
              <Background gap={16} />
              <Controls showInteractive={false} />
              {!isPhone && <MiniMap pannable zoomable nodeColor={(node) => nodeColors[node.type ?? ''] ?? '#9e9e9e'} />}
            </ReactFlow>
          </FlowCanvasContext.Provider>
        </Paper>
        {isTesting && <FlowTestPanel flowId={flowId} isDirty={isDirty} onClose={() => setTesting(false)} />}
      </Stack>
      <NodeDialog
        state={dialog}
        variables={variables}
        queues={queues.data ?? []}
        onClose={() => setDialog(null)}
        onSubmit={handleDialogSubmit}
      />
      <ConfirmDialog
        open={leaving.isAsking}
        title={t('editor.leaveTitle')}
        confirmLabel={t('editor.leave')}
        onConfirm={() => {
          // Leaving discards: should the router keep this page a moment longer (the next page
          // still loading) and the back button return to it, it shows the stored flow.
          showStored();
          leaving.leave();
        }}
        onClose={leaving.stay}
      >
        {t('editor.unsavedWarning')}
      </ConfirmDialog>
    </Stack>
  );
}

import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { QueueRecord } from '@wacrm/shared/queues/queue.schema';
import type { SlaPolicyRecord } from '@wacrm/shared/sla/sla.schema';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { targetText } from '../model/sla-form.ts';

interface SlaPoliciesTableProps {
  policies: SlaPolicyRecord[];
  queues: Pick<QueueRecord, 'id' | 'name' | 'color'>[];
  isLoading: boolean;
  onEdit: (policy: SlaPolicyRecord) => void;
  onDelete: (policy: SlaPolicyRecord) => Promise<unknown>;
}

export function SlaPoliciesTable({ policies, queues, isLoading, onEdit, onDelete }: SlaPoliciesTableProps) {
  const { t } = useTranslation(['sla', 'tickets']);
  const byId = new Map(queues.map((queue) => [queue.id, queue]));
  return (
    <DataTable
      rows={policies}
      rowKey={(policy) => policy.id}
      rowProps={(policy) => ({ 'data-testid': 'sla-row', 'data-sla-name': policy.name })}
      columns={[
        {
          id: 'name',
          header: t('columns.name'),
          render: (policy) => (
            <>
              {policy.name}
              {/* A phone shows only the name and the actions: the targets and what the policy
                  covers go under the name. */}
              <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }} data-testid="sla-row-coverage">
                <Box component="span" sx={{ display: 'block', color: 'text.secondary', typography: 'body2', mb: 0.5 }}>
                  {t('columns.firstResponse')}: {targetText(policy.firstResponseSeconds)} · {t('columns.resolution')}:{' '}
                  {targetText(policy.resolutionSeconds)}
                </Box>
                <PolicyCoverage policy={policy} queuesById={byId} />
              </Box>
            </>
          ),
        },
        {
          id: 'queues',
          header: t('columns.queues'),
          showFrom: 'sm',
          render: (policy) => <PolicyCoverage policy={policy} queuesById={byId} />,
        },
        {
          id: 'firstResponse',
          header: t('columns.firstResponse'),
          align: 'center',
          showFrom: 'sm',
          render: (policy) => targetText(policy.firstResponseSeconds),
        },
        {
          id: 'resolution',
          header: t('columns.resolution'),
          align: 'center',
          showFrom: 'sm',
          render: (policy) => targetText(policy.resolutionSeconds),
        },
        {
          id: 'hours',
          header: t('columns.hours'),
          align: 'center',
          showFrom: 'sm',
          render: (policy) => (policy.businessHours ? t('businessHours') : t('calendarHours')),
        },
      ]}
      actionsHeader={t('columns.actions')}
      actions={[
        { label: t('actions.edit'), icon: <EditOutlined fontSize="small" />, testId: 'sla-edit', onClick: onEdit },
      ]}
      deleteAction={{
        label: t('actions.delete'),
        testId: 'sla-delete',
        confirmTitle: () => t('confirmDelete.title'),
        confirmMessage: (policy) => t('confirmDelete.message', { name: policy.name }),
        onConfirm: onDelete,
      }}
      isLoading={isLoading}
      emptyText={t('empty')}
      emptyTestId="sla-empty"
      ariaLabel={t('title')}
    />
  );
}

/** The queues and priorities a policy covers, or "default" when it names neither. */
function PolicyCoverage({
  policy,
  queuesById,
}: {
  policy: SlaPolicyRecord;
  queuesById: Map<number, Pick<QueueRecord, 'id' | 'name' | 'color'>>;
}) {
  const { t } = useTranslation(['sla', 'tickets']);
  if (policy.queueIds.length === 0 && policy.priorities.length === 0) {
    return <Chip size="small" variant="outlined" label={t('defaultPolicy')} />;
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {policy.queueIds.map((id) => {
        const queue = queuesById.get(id);
        return queue ? (
          <Chip key={id} size="small" label={queue.name} sx={{ bgcolor: queue.color, color: '#fff' }} />
        ) : null;
      })}
      {policy.priorities.map((priority) => (
        <Chip key={priority} size="small" variant="outlined" label={t(`tickets:priority.${priority}`)} />
      ))}
    </Box>
  );
}

import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Button from '@mui/material/Button';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { FlowRecord } from '@wacrm/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ListPageHeader } from '../../../components/ui/list-page-header.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { flowsApi, flowsKeys } from '../api/flows-api.ts';
import { FlowNameDialog } from '../components/flow-name-dialog.tsx';
import { FlowsTable } from '../components/flows-table.tsx';

/** 'Fluxos de conversa' (spec: Flow list): search, add, rename, duplicate, delete, active switch, import/export. */
export function FlowsPage() {
  const { t } = useTranslation(['flows', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const list = useInfiniteQuery({
    queryKey: flowsKeys.list(debounced),
    queryFn: ({ pageParam }) => flowsApi.list(debounced, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });
  const [naming, setNaming] = useState<{ flow: FlowRecord | null } | null>(null);
  const importInput = useRef<HTMLInputElement>(null);
  const flows = list.data?.pages.flatMap((page) => page.flows) ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: flowsKeys.all });

  const handleDuplicate = async (flow: FlowRecord) => {
    // The copy's name in the user's language, within the 50 characters a flow name may have.
    const suffix = t('list.copySuffix');
    await flowsApi.duplicate(flow.id, `${flow.name.slice(0, 50 - suffix.length - 1)} ${suffix}`);
    toast.success(t('toasts.duplicated'));
    refresh();
  };
  const handleToggle = async (flow: FlowRecord) => {
    await flowsApi.update(flow.id, { active: !flow.active });
    refresh();
  };
  const handleExport = async (flow: FlowRecord) => {
    const file = await flowsApi.exportFlow(flow.id);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([JSON.stringify(file)], { type: 'application/json' }));
    link.download = `${flow.name}.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const handleImport = async (file: File | undefined) => {
    if (!file) return;
    try {
      await flowsApi.importFlow(JSON.parse(await file.text()));
      toast.success(t('toasts.imported'));
      refresh();
    } catch (caught) {
      if (caught instanceof SyntaxError) toast.error(t('toasts.importInvalid'));
    }
  };
  const handleDelete = async (flow: FlowRecord) => {
    await flowsApi.remove(flow.id);
    toast.success(t('toasts.deleted'));
    refresh();
  };

  return (
    <>
      <ListPage
        header={
          <ListPageHeader
            title={t('list.title')}
            search={{ placeholder: t('list.search'), value: search, onChange: setSearch, testId: 'flows-search' }}
            actions={
              <>
                <Button
                  variant="outlined"
                  startIcon={<FileUploadOutlined />}
                  onClick={() => importInput.current?.click()}
                >
                  {t('list.import')}
                </Button>
                <input
                  ref={importInput}
                  type="file"
                  accept="application/json,.json"
                  hidden
                  data-testid="flows-import-input"
                  onChange={(event) => {
                    void handleImport(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </>
            }
            add={{ label: t('list.add'), onClick: () => setNaming({ flow: null }), testId: 'flows-add' }}
          />
        }
      >
        <FlowsTable
          flows={flows}
          isLoading={list.isLoading}
          paging={list}
          onOpen={(flow) => navigate(`/flowbuilder/${flow.id}`)}
          onRename={(flow) => setNaming({ flow })}
          onDuplicate={handleDuplicate}
          onToggle={handleToggle}
          onExport={handleExport}
          onDelete={handleDelete}
        />
      </ListPage>
      <FlowNameDialog
        open={naming !== null}
        flow={naming?.flow ?? null}
        onClose={() => setNaming(null)}
        onSaved={refresh}
      />
    </>
  );
}

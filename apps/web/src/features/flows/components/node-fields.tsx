import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type FlowContentBlock,
  flowConditionOperators,
  PROMPT_MODELS,
  PROMPT_TRANSFER_ACTION,
  PROMPT_VOICES,
} from '@wacrm/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '../../../lib/validation-message.ts';
import { ContentBlocksField } from './content-blocks-field.tsx';
import { MediaUploadField } from './media-upload-field.tsx';

type Data = Record<string, unknown>;
interface FieldsProps {
  type: string;
  data: Data;
  onChange: (data: Data) => void;
  errors: Record<string, string>;
  /** Variables a condition can test: the flow's answer keys and the contact's fields. */
  variables: string[];
  queues: { id: number; name: string }[];
}

/** The fields of one node kind's dialog; validation messages come from the shared schema. */
export function NodeFields({ type, data, onChange, errors, variables, queues }: FieldsProps) {
  const { t } = useTranslation('flows');
  const set = (patch: Data) => onChange({ ...data, ...patch });
  const err = (path: string) => (errors[path] ? t('validation.fix', { message: errors[path] }) : ' ');

  switch (type) {
    case 'message':
      return (
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={5}
          label={t('nodes.message.text')}
          value={data.label ?? ''}
          onChange={(e) => set({ label: e.target.value })}
          error={Boolean(errors.label)}
          helperText={errors.label ? t('validation.required') : t('nodes.message.hint')}
          slotProps={{ htmlInput: { 'data-testid': 'node-message-text' } }}
        />
      );
    case 'interval':
      return (
        <TextField
          autoFocus
          type="number"
          label={t('nodes.interval.seconds')}
          value={data.sec ?? ''}
          onChange={(e) => set({ sec: e.target.value === '' ? '' : Number(e.target.value) })}
          error={Boolean(errors.sec)}
          helperText={errors.sec ? t('validation.interval') : ' '}
          slotProps={{ htmlInput: { min: 1, max: 120, 'data-testid': 'node-interval-sec' } }}
        />
      );
    case 'randomizer': {
      const percent = Number(data.percent) || 0;
      return (
        <Stack spacing={1}>
          <Typography>{t('nodes.randomizer.split', { a: percent, b: 100 - percent })}</Typography>
          <Slider
            value={percent}
            min={0}
            max={100}
            step={10}
            marks
            onChange={(_, value) => set({ percent: value as number })}
            aria-label={t('nodes.randomizer.title')}
          />
        </Stack>
      );
    }
    case 'menu': {
      const options = (data.arrayOption as { number: number; value: string }[]) ?? [];
      return (
        <Stack spacing={1.5}>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            label={t('nodes.menu.message')}
            value={data.message ?? ''}
            onChange={(e) => set({ message: e.target.value })}
            error={Boolean(errors.message)}
            helperText={err('message')}
            slotProps={{ htmlInput: { 'data-testid': 'node-menu-message' } }}
          />
          {options.map((option, index) => (
            <TextField
              key={option.number}
              size="small"
              label={t('nodes.menu.option', { number: option.number })}
              value={option.value}
              onChange={(e) =>
                set({
                  arrayOption: options.map((item, i) => (i === index ? { ...item, value: e.target.value } : item)),
                })
              }
              error={Boolean(errors[`arrayOption.${index}.value`])}
              helperText={err(`arrayOption.${index}.value`)}
              slotProps={{ htmlInput: { 'data-testid': `node-menu-option-${option.number}` } }}
            />
          ))}
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              onClick={() => set({ arrayOption: [...options, { number: options.length + 1, value: '' }] })}
              disabled={options.length >= 20}
              data-testid="node-menu-add-option"
            >
              {t('nodes.menu.addOption')}
            </Button>
            {/* spec: only the last option can be removed */}
            <Button
              size="small"
              color="error"
              onClick={() => set({ arrayOption: options.slice(0, -1) })}
              disabled={options.length <= 1}
            >
              {t('nodes.menu.removeLast')}
            </Button>
          </Stack>
        </Stack>
      );
    }
    case 'question': {
      const question = (data.typebotIntegration as { message: string; answerKey: string }) ?? {
        message: '',
        answerKey: '',
      };
      return (
        <Stack spacing={1.5}>
          <TextField
            autoFocus
            fullWidth
            multiline
            rows={7}
            label={t('nodes.question.message')}
            value={question.message}
            onChange={(e) => set({ typebotIntegration: { ...question, message: e.target.value } })}
            error={Boolean(errors['typebotIntegration.message'])}
            helperText={err('typebotIntegration.message')}
            slotProps={{ htmlInput: { 'data-testid': 'node-question-message' } }}
          />
          <TextField
            label={t('nodes.question.answerKey')}
            value={question.answerKey}
            onChange={(e) => set({ typebotIntegration: { ...question, answerKey: e.target.value } })}
            error={Boolean(errors['typebotIntegration.answerKey'])}
            helperText={
              errors['typebotIntegration.answerKey']
                ? err('typebotIntegration.answerKey')
                : t('nodes.question.answerKeyHint')
            }
            slotProps={{ htmlInput: { 'data-testid': 'node-question-key' } }}
          />
        </Stack>
      );
    }
    case 'condition':
      return (
        <Stack spacing={1.5}>
          <TextField
            select
            label={t('nodes.condition.variable')}
            value={variables.includes(data.key as string) ? data.key : ''}
            onChange={(e) => set({ key: e.target.value })}
            error={Boolean(errors.key)}
            helperText={errors.key ? t('validation.required') : t('nodes.condition.variableHint')}
            slotProps={{ htmlInput: { 'data-testid': 'node-condition-key' } }}
          >
            {variables.map((name) => (
              <MenuItem key={name} value={name}>{`{{${name}}}`}</MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('nodes.condition.operator')}
            value={data.condition ?? 'equals'}
            onChange={(e) => set({ condition: e.target.value })}
          >
            {flowConditionOperators.map((operator) => (
              <MenuItem key={operator} value={operator}>
                {t(`nodes.condition.operators.${operator}`)}
              </MenuItem>
            ))}
          </TextField>
          {data.condition !== 'isEmpty' && (
            <TextField
              label={t('nodes.condition.value')}
              value={data.value ?? ''}
              onChange={(e) => set({ value: e.target.value })}
            />
          )}
        </Stack>
      );
    case 'ticket': {
      const queue = data.queue as { id: number; name: string } | null;
      return (
        <TextField
          select
          label={t('nodes.ticket.queue')}
          value={queue?.id ?? ''}
          onChange={(e) => set({ queue: queues.find((item) => item.id === Number(e.target.value)) ?? null })}
          error={Boolean(errors.queue || errors['queue.id'])}
          helperText={errors.queue || errors['queue.id'] ? t('validation.queue') : t('nodes.ticket.hint')}
          slotProps={{ htmlInput: { 'data-testid': 'node-ticket-queue' } }}
        >
          {queues.map((item) => (
            <MenuItem key={item.id} value={item.id}>
              {item.name}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    case 'img':
    case 'audio':
    case 'video':
      return (
        <MediaUploadField
          kind={type}
          value={(data.url as string) ?? ''}
          onChange={(url) => set({ url })}
          error={errors.url}
        />
      );
    case 'content':
    case 'singleBlock':
      return (
        <ContentBlocksField
          blocks={(data.elements as FlowContentBlock[]) ?? []}
          onChange={(elements) => set({ elements, seq: elements.map((e) => e.number) })}
          errors={errors}
        />
      );
    case 'typebot':
    case 'openai':
      return <BotNodeFields type={type} data={data} onChange={onChange} errors={errors} />;
    default:
      return null;
  }
}

type BotField = {
  key: string;
  number?: boolean;
  rows?: number;
  required?: boolean;
  secret?: boolean;
  select?: readonly string[];
  step?: number;
};

/** The fields each bot node keeps in `typebotIntegration` (spec: Flow editor, typebot and OpenAI dialogs). */
const botFields: Record<'typebot' | 'openai', BotField[]> = {
  typebot: [
    { key: 'name', required: true },
    { key: 'urlN8N', required: true },
    { key: 'typebotSlug', required: true },
    { key: 'typebotExpires', number: true },
    { key: 'typebotDelayMessage', number: true },
    { key: 'typebotKeywordFinish' },
    { key: 'typebotKeywordRestart' },
    { key: 'typebotRestartMessage' },
    { key: 'typebotUnknownMessage' },
  ],
  openai: [
    { key: 'name', required: true },
    { key: 'apiKey', required: true, secret: true },
    { key: 'prompt', required: true, rows: 10 },
    { key: 'model', select: PROMPT_MODELS },
    { key: 'voice', select: PROMPT_VOICES },
    { key: 'voiceKey' },
    { key: 'voiceRegion' },
    { key: 'temperature', number: true, step: 0.1 },
    { key: 'maxTokens', number: true },
    { key: 'maxMessages', number: true },
  ],
};

/** A typebot or OpenAI node's settings: the bot the flow hands the conversation to. */
function BotNodeFields(props: {
  type: 'typebot' | 'openai';
  data: Data;
  onChange: (data: Data) => void;
  errors: Record<string, string>;
}) {
  const { type, data, onChange, errors } = props;
  const { t } = useTranslation('flows');
  const [showKey, setShowKey] = useState(false);
  const settings = (data.typebotIntegration as Data | undefined) ?? {};
  const set = (key: string, value: unknown) => onChange({ ...data, typebotIntegration: { ...settings, [key]: value } });
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t(`nodes.${type}.hint`, { action: PROMPT_TRANSFER_ACTION })}
      </Typography>
      {botFields[type].map((field, index) => {
        const path = `typebotIntegration.${field.key}`;
        const value = settings[field.key] ?? '';
        return (
          <TextField
            key={field.key}
            autoFocus={index === 0}
            select={Boolean(field.select)}
            fullWidth
            size="small"
            required={field.required}
            type={field.number ? 'number' : field.secret && !showKey ? 'password' : 'text'}
            multiline={Boolean(field.rows)}
            rows={field.rows}
            label={t(`nodes.${type}.fields.${field.key}`)}
            value={value}
            onChange={(e) =>
              set(field.key, field.number && e.target.value !== '' ? Number(e.target.value) : e.target.value)
            }
            error={Boolean(errors[path])}
            helperText={translateValidation(errors[path]) ?? ' '}
            slotProps={{
              htmlInput: { 'data-testid': `node-${type}-${field.key}`, ...(field.step ? { step: field.step } : {}) },
              input: field.secret
                ? {
                    endAdornment: (
                      <InputAdornment position="end">
                        <IconButton
                          size="small"
                          aria-label={t(showKey ? 'nodes.openai.hideKey' : 'nodes.openai.showKey')}
                          onClick={() => setShowKey((shown) => !shown)}
                          edge="end"
                        >
                          {showKey ? <VisibilityOffOutlined /> : <VisibilityOutlined />}
                        </IconButton>
                      </InputAdornment>
                    ),
                  }
                : undefined,
            }}
          >
            {field.select?.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
    </Stack>
  );
}

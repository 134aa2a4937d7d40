import AddOutlined from '@mui/icons-material/AddOutlined';
import AltRouteOutlined from '@mui/icons-material/AltRouteOutlined';
import AudiotrackOutlined from '@mui/icons-material/AudiotrackOutlined';
import CallSplitOutlined from '@mui/icons-material/CallSplitOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import ListOutlined from '@mui/icons-material/ListOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import ViewAgendaOutlined from '@mui/icons-material/ViewAgendaOutlined';
import SpeedDial from '@mui/material/SpeedDial';
import SpeedDialAction from '@mui/material/SpeedDialAction';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AddableNodeKind, addableNodeKinds } from '../model/node-kinds.ts';

const icons: Record<AddableNodeKind, ReactNode> = {
  message: <ChatOutlined />,
  content: <ViewAgendaOutlined />,
  menu: <ListOutlined />,
  question: <HelpOutlineOutlined />,
  condition: <AltRouteOutlined />,
  randomizer: <CallSplitOutlined />,
  interval: <TimerOutlined />,
  img: <ImageOutlined />,
  audio: <AudiotrackOutlined />,
  video: <VideocamOutlined />,
  ticket: <ConfirmationNumberOutlined />,
  typebot: <SmartToyOutlined />,
  openai: <PsychologyOutlined />,
};

/** spec: the speed-dial of node kinds. */
export function NodeSpeedDial({
  onPick,
  hidden = [],
}: {
  onPick: (kind: AddableNodeKind) => void;
  /** Kinds the company's plan does not include (typebot without useIntegrations, OpenAI without useOpenAi). */
  hidden?: AddableNodeKind[];
}) {
  const { t } = useTranslation('flows');
  // Opened and closed by a click only (not hover), so it is never half-open after a pick.
  const [isOpen, setOpen] = useState(false);
  return (
    <SpeedDial
      open={isOpen}
      onOpen={(_, reason) => reason === 'toggle' && setOpen(true)}
      onClose={(_, reason) => reason !== 'mouseLeave' && setOpen(false)}
      ariaLabel={t('editor.addNode')}
      icon={<AddOutlined />}
      direction="down"
      sx={{ position: 'absolute', top: 12, left: 12, zIndex: 5 }}
      FabProps={{ size: 'medium', 'data-testid': 'flow-speed-dial' } as never}
    >
      {addableNodeKinds
        .filter((kind) => !hidden.includes(kind))
        .map((kind) => (
          <SpeedDialAction
            key={kind}
            icon={icons[kind]}
            slotProps={{
              tooltip: { title: t(`nodes.${kind}.title`), placement: 'right' },
              fab: { 'data-testid': `add-node-${kind}` } as never,
            }}
            onClick={() => {
              setOpen(false);
              onPick(kind);
            }}
          />
        ))}
    </SpeedDial>
  );
}

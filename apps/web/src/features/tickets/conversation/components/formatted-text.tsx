import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Fragment, useMemo } from 'react';
import { type FormattedNode, parseWhatsappFormat } from '../model/whatsapp-format.ts';

function renderNodes(nodes: FormattedNode[]) {
  return nodes.map((node, index) => {
    // Index keys are fine: the tree is rebuilt from the text and never reordered.
    const key = index;
    switch (node.type) {
      case 'text':
        return <Fragment key={key}>{node.text}</Fragment>;
      case 'bold':
        return <strong key={key}>{renderNodes(node.children)}</strong>;
      case 'italic':
        return <em key={key}>{renderNodes(node.children)}</em>;
      case 'strike':
        return <s key={key}>{renderNodes(node.children)}</s>;
      case 'mono':
        return (
          <Box key={key} component="code" sx={{ fontFamily: 'monospace', fontSize: '0.92em' }}>
            {node.text}
          </Box>
        );
      default:
        return (
          <Link key={key} href={node.href} target="_blank" rel="noopener noreferrer" sx={{ wordBreak: 'break-all' }}>
            {node.text}
          </Link>
        );
    }
  });
}

/** A message body as text, with WhatsApp's formatting marks turned into elements (never HTML). */
export function FormattedText({ text }: { text: string }) {
  const nodes = useMemo(() => parseWhatsappFormat(text), [text]);
  return <>{renderNodes(nodes)}</>;
}

import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { satisfactionCommentColumns, satisfactionCommentsToCsv } from '@wacrm/shared/reports/report-columns';
import { SATISFACTION_COMMENTS_LIMIT, type SatisfactionComment } from '@wacrm/shared/reports/reports.schema';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../../lib/download-text.ts';
import { formatDateTimeIn } from '../../../lib/format.ts';

interface SatisfactionCommentsProps {
  comments: SatisfactionComment[];
  /** The company's zone: ratings are shown on its clock, like the report's days. */
  timeZone: string;
  fileName: string;
}

/** What customers wrote after rating, newest first, with the CSV of exactly these rows. */
export function SatisfactionComments({ comments, timeZone, fileName }: SatisfactionCommentsProps) {
  const { t, i18n } = useTranslation('reports');
  const formatTime = (iso: string) => formatDateTimeIn(iso, timeZone);
  const handleExport = () => {
    const lang = (['pt', 'en', 'es'] as const).find((code) => i18n.language.startsWith(code)) ?? 'en';
    downloadText(fileName, satisfactionCommentsToCsv(comments, lang, formatTime));
  };
  return (
    <Stack spacing={1} data-testid="satisfaction-comments">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
          {t('comments.title')}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={handleExport}
          disabled={comments.length === 0}
          data-testid="comments-export"
        >
          {t('exportCsv')}
        </Button>
      </Stack>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              {satisfactionCommentColumns.map((column) => (
                <TableCell key={column} align={column === 'rate' ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                  {t(`comments.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {comments.length === 0 ? (
              <TableRow>
                <TableCell colSpan={satisfactionCommentColumns.length} sx={{ color: 'text.secondary' }}>
                  {t('comments.empty')}
                </TableCell>
              </TableRow>
            ) : (
              comments.map((comment) => (
                <TableRow key={comment.ticketId} hover data-testid="comment-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(comment.ratedAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{comment.userName || t('none.satisfaction')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{comment.contactName}</TableCell>
                  <TableCell align="right">{comment.rate}</TableCell>
                  <TableCell sx={{ minWidth: 200, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {comment.comment}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {comments.length >= SATISFACTION_COMMENTS_LIMIT && (
        <Typography variant="caption" color="text.secondary">
          {t('comments.limited', { count: SATISFACTION_COMMENTS_LIMIT })}
        </Typography>
      )}
    </Stack>
  );
}

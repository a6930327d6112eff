import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INQUIRY_LIMITS, type InquiryReply } from '@shop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { SectionCard } from '../../components/section-card';
import { useLocales } from '../../i18n/i18n-provider';
import { httpClient } from '../../lib/http-client';
import type { Inquiry } from './inquiry-vocabulary';

const ERASED = '[erased]';
const LIMITS = INQUIRY_LIMITS.reply;

/** Where each form keeps the visitor's own words: the thread opens with them. */
const VISITOR_TEXT_KEYS = ['message', 'description', 'motivation', 'suggestion'] as const;

/** The member of `details` the thread shows as the visitor's message (the details card leaves it out). */
export function visitorTextKey(inquiry: Pick<Inquiry, 'details'>): string | null {
  return VISITOR_TEXT_KEYS.find((key) => typeof inquiry.details[key] === 'string') ?? null;
}

function visitorText(inquiry: Inquiry): string | null {
  const key = visitorTextKey(inquiry);
  return key ? (inquiry.details[key] as string) : null;
}

function useReplies(inquiryId: string | undefined) {
  return useQuery({
    queryKey: ['inquiries', inquiryId, 'replies'],
    queryFn: async () =>
      (await httpClient(`/api/admin/inquiries/${encodeURIComponent(inquiryId!)}/replies`)).json as InquiryReply[],
    enabled: inquiryId !== undefined,
  });
}

/** One message of the thread: who, when, what. */
function Message({ from, at, text, fromShop }: { from: string; at: string; text: string; fromShop: boolean }) {
  const { dateLocale } = useLocales();
  const when = new Intl.DateTimeFormat(dateLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  return (
    <Box
      component="li"
      sx={{
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: fromShop ? 'action.hover' : 'background.paper',
        ml: fromShop ? { xs: 2, sm: 6 } : 0,
        mr: fromShop ? 0 : { xs: 2, sm: 6 },
      }}
    >
      <Typography variant="body2" component="p" sx={{ color: 'text.secondary', mb: 0.5, overflowWrap: 'anywhere' }}>
        <Box component="strong" sx={{ color: 'text.primary' }}>
          {from}
        </Box>{' '}
        · <time dateTime={at}>{when}</time>
      </Typography>
      <Typography component="p" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    </Box>
  );
}

/** The operator's reply: written here, recorded on the inquiry, e-mailed by the shop. */
function ReplyForm({ inquiry }: { inquiry: Inquiry }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const length = message.trim().length;
  const tooLong = length > LIMITS.max;
  const send = useMutation({
    mutationFn: async (text: string) =>
      httpClient(`/api/admin/inquiries/${encodeURIComponent(inquiry.id)}/replies`, {
        method: 'POST',
        body: JSON.stringify({ message: text }),
      }),
    onSuccess: async () => {
      setMessage('');
      notify('shop.inquiries.replies.sent', { type: 'success', messageArgs: { email: inquiry.email } });
      await queryClient.invalidateQueries({ queryKey: ['inquiries', inquiry.id, 'replies'] });
      await queryClient.invalidateQueries({ queryKey: ['work-queue'] });
      // The first reply takes a new inquiry up: its status and version change.
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (length < LIMITS.min || tooLong || send.isPending) return;
    send.mutate(message.trim());
  };
  const language = translate(`shop.languages.${inquiry.language}`, { _: inquiry.language });
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 1, mt: 2 }}>
      <TextField
        label={translate('shop.inquiries.replies.label')}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        multiline
        minRows={4}
        fullWidth
        error={tooLong}
        helperText={
          tooLong
            ? translate('shop.inquiries.replies.tooLong', { max: LIMITS.max, length })
            : translate('shop.inquiries.replies.help', { email: inquiry.email, language })
        }
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SendIcon />}
          disabled={length < LIMITS.min || tooLong || send.isPending}
        >
          {translate('shop.inquiries.replies.send')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The conversation with the visitor: their message, then each reply with who wrote it and when,
 * then the form to reply (the e-mail goes in the inquiry's language; the first reply takes a new
 * inquiry up). Nobody to write to when the visitor left no address or was erased.
 */
export function InquiryThread() {
  const inquiry = useRecordContext<Inquiry>();
  const translate = useTranslate();
  const replies = useReplies(inquiry?.id);
  if (!inquiry) return null;
  const original = visitorText(inquiry);
  const sender = inquiry.name ?? inquiry.companyName ?? inquiry.email ?? translate('shop.inquiries.replies.visitor');
  const reachable = inquiry.email !== null && inquiry.email !== ERASED;
  return (
    <SectionCard id="inquiry-thread-title" title={translate('shop.inquiries.replies.title')}>
      <Box
        component="ol"
        aria-labelledby="inquiry-thread-title"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
      >
        {original !== null && <Message from={sender} at={inquiry.receivedAt} text={original} fromShop={false} />}
        {replies.data?.map((reply) => (
          <Message
            key={reply.id}
            from={reply.repliedByName ?? reply.repliedBy}
            at={reply.repliedAt}
            text={reply.message}
            fromShop
          />
        ))}
      </Box>
      {replies.isPending && <Skeleton variant="rounded" height={56} sx={{ mt: 1.5 }} />}
      {replies.isError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {translate('shop.inquiries.replies.loadError')}
        </Alert>
      )}
      {reachable ? (
        <ReplyForm inquiry={inquiry} />
      ) : (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate(inquiry.email === ERASED ? 'shop.inquiries.replies.erased' : 'shop.inquiries.replies.noEmail')}
        </Alert>
      )}
    </SectionCard>
  );
}

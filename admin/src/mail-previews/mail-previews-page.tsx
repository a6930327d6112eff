import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Loading, useLocaleState, useTranslate } from 'react-admin';
import type { MailPreview, MailPreviewList } from '@shop/contracts';
import { fetchForEffect } from '../lib/http-client';
import { ToolPage } from '../components/tool-page';

type Language = MailPreview['language'];

const LANGUAGES: readonly Language[] = ['fr', 'en'];

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The subscription e-mails as customers get them (GET /api/admin/mail-previews and
 * /api/admin/mail-previews/:kind), written from a sample subscription: the list of e-mails, a
 * language switch, the HTML part in a sandboxed frame (no script, no link followed) and the
 * plain-text part under it.
 */
export function MailPreviewsPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [kinds, setKinds] = useState<MailPreviewList['data'] | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [language, setLanguage] = useState<Language>(locale === 'en' ? 'en' : 'fr');
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(
    () =>
      fetchForEffect(
        '/api/admin/mail-previews',
        (json) => {
          const { data } = json as MailPreviewList;
          setKinds(data);
          setKind((chosen) => chosen ?? data[0]?.kind ?? null);
        },
        (error) => setFailure(errorMessage(error)),
      ),
    [],
  );

  useEffect(() => {
    if (!kind) return;
    return fetchForEffect(
      `/api/admin/mail-previews/${encodeURIComponent(kind)}?language=${language}`,
      (json) => {
        setPreview(json as MailPreview);
        setFailure(null);
      },
      (error) => setFailure(errorMessage(error)),
    );
  }, [kind, language]);

  const kindName = (name: string) => translate(`shop.mailPreviews.kinds.${name}`, { _: name });
  const shown = preview && preview.kind === kind && preview.language === language ? preview : null;

  return (
    <ToolPage title="shop.mailPreviews.title" explanation="shop.mailPreviews.explanation" maxWidth="80rem">
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {!kinds ? (
        failure ? null : (
          <Loading />
        )
      ) : (
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box component="nav" aria-label={translate('shop.mailPreviews.list')} sx={{ flex: '0 1 16rem' }}>
            <List dense disablePadding>
              {kinds.map((entry) => (
                <ListItemButton
                  key={entry.kind}
                  selected={entry.kind === kind}
                  aria-current={entry.kind === kind ? 'true' : undefined}
                  onClick={() => setKind(entry.kind)}
                >
                  <ListItemText primary={kindName(entry.kind)} />
                </ListItemButton>
              ))}
            </List>
          </Box>
          <Box sx={{ flex: '1 1 30rem', minWidth: 0 }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={language}
              onChange={(_event, value: Language | null) => value && setLanguage(value)}
              aria-label={translate('shop.mailPreviews.language')}
              sx={{ mb: 2 }}
            >
              {LANGUAGES.map((code) => (
                <ToggleButton key={code} value={code} lang={code}>
                  {translate(`shop.mailPreviews.languages.${code}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {!shown ? (
              <Loading />
            ) : (
              <>
                <Typography variant="subtitle1" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
                  {translate('shop.mailPreviews.subject')} {shown.subject}
                </Typography>
                <Box
                  component="iframe"
                  title={translate('shop.mailPreviews.html')}
                  sandbox=""
                  srcDoc={shown.html}
                  sx={{ width: '100%', height: '32rem', border: 1, borderColor: 'divider', borderRadius: 1 }}
                />
                <Typography variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1 }}>
                  {translate('shop.mailPreviews.text')}
                </Typography>
                <Box
                  component="pre"
                  aria-label={translate('shop.mailPreviews.text')}
                  sx={{
                    m: 0,
                    p: 2,
                    bgcolor: 'action.hover',
                    borderRadius: 1,
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                    fontSize: '0.875rem',
                  }}
                >
                  {shown.text}
                </Box>
              </>
            )}
          </Box>
        </Box>
      )}
    </ToolPage>
  );
}

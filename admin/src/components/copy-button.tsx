import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';

/** How long the button says "copied" (seeds §4: two seconds). */
const FEEDBACK_MS = 2000;

/** Copies `value` to the clipboard; `label` names what is copied ('E-mail de connexion'). */
export function CopyButton({ value, label, disabled = false }: { value: string; label: string; disabled?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      notify('shop.copy.done', { type: 'success', messageArgs: { label } });
    } catch {
      notify('shop.copy.failed', { type: 'error' });
    }
  };
  const name = copied ? translate('shop.copy.copied') : translate('shop.copy.action', { label: label.toLowerCase() });
  return (
    <Tooltip title={name}>
      <span>
        <IconButton aria-label={name} onClick={copy} disabled={disabled} size="small">
          {copied ? <CheckIcon fontSize="small" /> : <ContentCopyIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

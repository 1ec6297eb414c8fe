// The attachments a complaint form sends: read as base64, checked here by declared type, count and
// total size for a quick message (the server checks the content itself).
import { erpComplaints } from '@sportello/contract';
import { t } from '../i18n';

const TYPES: readonly string[] = ['image/jpeg', 'image/png', 'application/pdf'];
const { attachmentsMax, attachmentsMaxBytes } = erpComplaints.COMPLAINT_LIMITS;

/** The first problem of the chosen files, or null. */
export function attachmentsProblem(files: readonly File[]): string | null {
  if (files.length > attachmentsMax) return t('complaints.form.errors.count');
  if (files.some((file) => !TYPES.includes(file.type))) return t('complaints.form.errors.type');
  if (files.reduce((sum, file) => sum + file.size, 0) > attachmentsMaxBytes)
    return t('complaints.form.errors.size');
  return null;
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('file not readable'));
    reader.readAsDataURL(file);
  });
}

export const toAttachments = (files: readonly File[]) =>
  Promise.all(files.map(async (file) => ({ fileName: file.name, data: await readBase64(file) })));

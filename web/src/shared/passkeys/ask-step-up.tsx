// Opens the step-up dialog over whatever page asked (ADR 038) and answers whether the session has
// now stepped up. Loaded by the api client only when the server asks for a step-up; it mounts its
// own React root, so the page and its form stay as they were.
import { createRoot } from 'react-dom/client';
import StepUpDialog from './step-up-dialog';

let open: Promise<boolean> | null = null;

export function askStepUp(): Promise<boolean> {
  // Two calls refused at once share one dialog.
  open ??= new Promise<boolean>((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    root.render(
      <StepUpDialog
        onDone={(passed) => {
          root.unmount();
          host.remove();
          open = null;
          resolve(passed);
        }}
      />,
    );
  });
  return open;
}

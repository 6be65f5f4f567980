// The page's two questions, as modal <dialog>s (keyboard and screen reader friendly, no window.prompt): the control
// token when ledger-mock asks for one, and "are you sure?" before a change that throws state away.
import { byId } from './dom';

/** Asks for the control token until one is given; `problem` says what was wrong with the last one. */
export function askForToken(problem: string): Promise<string> {
  const dialog = byId<HTMLDialogElement>('token-dialog');
  const form = byId<HTMLFormElement>('token-form');
  const input = byId<HTMLInputElement>('token-input');
  byId('token-problem').textContent = problem;
  input.value = '';
  return new Promise((resolve) => {
    const cancel = (event: Event) => event.preventDefault(); // nothing works without it: the question stays
    const submit = (event: SubmitEvent) => {
      event.preventDefault();
      const token = input.value.trim();
      if (token === '') return;
      form.removeEventListener('submit', submit);
      dialog.removeEventListener('cancel', cancel);
      dialog.close();
      resolve(token);
    };
    form.addEventListener('submit', submit);
    dialog.addEventListener('cancel', cancel);
    if (!dialog.open) dialog.showModal();
    input.focus();
  });
}

/** "Are you sure?": true when the person chose `ok`; Cancel and Escape say no. Cancel has the focus at first. */
export function confirmChange(text: string, ok: string): Promise<boolean> {
  const dialog = byId<HTMLDialogElement>('confirm-dialog');
  const okButton = byId<HTMLButtonElement>('confirm-ok');
  const cancelButton = byId<HTMLButtonElement>('confirm-cancel');
  byId('confirm-text').textContent = text;
  okButton.textContent = ok;
  return new Promise((resolve) => {
    const settle = (answer: boolean) => {
      okButton.removeEventListener('click', yes);
      cancelButton.removeEventListener('click', no);
      dialog.removeEventListener('close', no);
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    const yes = () => settle(true);
    const no = () => settle(false);
    okButton.addEventListener('click', yes);
    cancelButton.addEventListener('click', no);
    dialog.addEventListener('close', no);
    dialog.showModal();
    cancelButton.focus();
  });
}

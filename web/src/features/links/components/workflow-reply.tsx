// A workflow task waiting for the customer's reply (link module 6): one button per reply; the
// answer's feedback is shown in full with the way back to the dashboard. A reply given before
// is shown instead of the buttons; the buttons wait for the answer, so a double tap sends one.
import { workflows, type LinkTarget, type WorkflowReply } from '@sportello/contract';
import { useSingleMutation } from '../../../shared/api/use-single-mutation';
import { callMutation } from '../../../shared/api/call-query';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { dashboardRoutes } from '../../dashboard/routes';
import { t } from '../i18n';
import '../links.css';

const executeTask = callMutation(workflows.executeWorkflowTask);

export function WorkflowReply({ task }: { task: Extract<LinkTarget, { page: 'workflow' }> }) {
  const reply = useSingleMutation(executeTask);
  const { panel, show } = useFeedback();
  const given: WorkflowReply | null = reply.data?.reply ?? task.reply;
  const send = (value: WorkflowReply) =>
    reply.mutate(
      { body: { workflowId: task.workflowId, taskName: task.taskName, reply: value } },
      {
        onSuccess: ({ feedback }) =>
          show({
            title: feedback.title,
            description: feedback.description,
            actions: [{ label: t('links.workflow.home'), to: dashboardRoutes.home.to() }],
          }),
      },
    );
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{task.title}</h1>
      <p>{task.description}</p>
      {given ? (
        <p className="notice" role="status">
          {t('links.workflow.answered', { reply: t(`links.workflow.replies.${given}`) })}
        </p>
      ) : (
        <fieldset className="workflow-replies" disabled={reply.isPending}>
          <legend className="card__highlight">{t('links.workflow.choose')}</legend>
          {task.replies.map((value, index) => (
            <button
              key={value}
              type="button"
              className={index === 0 ? 'button button--primary' : 'button button--secondary'}
              onClick={() => send(value)}
            >
              {t(`links.workflow.replies.${value}`)}
            </button>
          ))}
          <p role="status" className="card__muted">
            {reply.isPending ? t('links.workflow.sending') : ''}
          </p>
        </fieldset>
      )}
      {panel}
    </div>
  );
}

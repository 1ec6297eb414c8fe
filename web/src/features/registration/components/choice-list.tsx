// A short list of big links, one per choice, each with a line that explains it.
import { Link } from 'react-router';

export function ChoiceList({ choices }: { choices: readonly { to: string; label: string; text: string }[] }) {
  return (
    <ul className="choice-list">
      {choices.map((choice) => (
        <li key={choice.to}>
          <Link className="button button--secondary button--block" to={choice.to}>
            {choice.label}
          </Link>
          <p className="registration__note">{choice.text}</p>
        </li>
      ))}
    </ul>
  );
}

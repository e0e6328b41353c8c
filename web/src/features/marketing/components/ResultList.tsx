/** The three headline results (spec 000_87e5fbf87b6c3f39.txt §1), as a definition-style list. */
import { results } from '../content';

export function ResultList() {
  return (
    <ul className="result-list">
      {results.map((r) => (
        <li key={r.value} className="result">
          <span className="result-value">{r.value}</span>
          <span className="result-label">{r.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** Public API of the agent feature (the pages themselves are lazy chunks, see app/routes.tsx). */
import './agent.css';

export { AgentTopBar } from './components/agent-top-bar';

/** The built-in writer of tailored prompts (issue 40): one per app, chosen by the answers' app. */
import type { StudioAnswers } from '@shared/contract/schemas/prompt-studio/answers';
import { writeAgentPrompt } from './agent';
import { writeContentPrompt } from './content';
import { writeSupportPrompt } from './support';

export function writeTailoredPrompt(answers: StudioAnswers): string {
  switch (answers.appId) {
    case 'ai-system-prompt-generator':
      return writeAgentPrompt(answers);
    case 'ai-content-generator':
      return writeContentPrompt(answers);
    case 'ai-customer-support':
      return writeSupportPrompt(answers);
  }
}

import {
  credentialRevealDecider,
  credentialRevealStreamId,
  type CredentialRevealState,
  type CredentialsRevealed,
  type RecordReveal,
} from '@shop/domain';
import { StreamCommands } from '../infrastructure/stream-commands.js';

/** A reader's readings of credential sets (`credential-reveals-<reader id>`). */
export class CredentialRevealCommands extends StreamCommands<RecordReveal, CredentialsRevealed, CredentialRevealState> {
  constructor(deps: ConstructorParameters<typeof StreamCommands>[0]) {
    super(deps, credentialRevealDecider, (command) => credentialRevealStreamId(command.data.revealedBy));
  }
}

// GET /v5/local/replay/state and POST /v5/local/replay/control (src/protocol/replay.ts).
import type { FastifyInstance } from 'fastify';
import { jsonBody } from '../../http/request.ts';
import { int, num, object, oneOf } from '../../http/schemas.ts';
import { fail, ok, PARAM_ERROR } from '../rest/envelope.ts';
import { REPLAY_ACTIONS, REPLAY_CONTROL_PATH, REPLAY_MAX_SPEED, REPLAY_MIN_SPEED, REPLAY_STATE_PATH, type ReplayStateWire } from '../../../src/protocol/replay.ts';
import type { ReplaySession } from './session.ts';

const CONTROL_BODY = object(
  { action: oneOf(REPLAY_ACTIONS, REPLAY_ACTIONS.join(', ')), speed: num(REPLAY_MIN_SPEED, REPLAY_MAX_SPEED), time: int(0, 8_640_000_000_000_000) },
  ['action'],
);

function wire(session: ReplaySession): ReplayStateWire {
  const s = session.state();
  return { replaying: true, startTime: s.startTime, endTime: s.endTime, time: s.time, speed: s.speed, playing: s.playing, ended: s.ended };
}

/** Without a session the state says {replaying: false} and the control refuses. */
export function installReplayRoutes(app: FastifyInstance, session: ReplaySession | undefined): void {
  app.get(REPLAY_STATE_PATH, { config: { ipLimit: true } }, (_request, res) => ok(res, session ? wire(session) : { replaying: false }));
  app.post(REPLAY_CONTROL_PATH, { bodyLimit: 1024, config: { ipLimit: true }, preValidation: jsonBody('bybit'), schema: { body: CONTROL_BODY } }, (request, res) => {
    if (!session) return fail(res, PARAM_ERROR, 'not replaying: start the exchange with --replay FILE');
    const body = request.body as { action: (typeof REPLAY_ACTIONS)[number]; speed?: number; time?: number };
    switch (body.action) {
      case 'play':
        session.play();
        break;
      case 'pause':
        session.pause();
        break;
      case 'speed':
        if (body.speed === undefined) return fail(res, PARAM_ERROR, `params error: speed is required (${REPLAY_MIN_SPEED} to ${REPLAY_MAX_SPEED})`);
        session.setSpeed(body.speed);
        break;
      case 'seek': {
        const s = session.state();
        if (body.time === undefined) return fail(res, PARAM_ERROR, 'params error: time is required (epoch ms within the recording)');
        if (body.time < s.startTime || body.time > s.endTime) return fail(res, PARAM_ERROR, `params error: time must be within the recording (${s.startTime} to ${s.endTime})`);
        session.seek(body.time);
        break;
      }
    }
    return ok(res, wire(session));
  });
}

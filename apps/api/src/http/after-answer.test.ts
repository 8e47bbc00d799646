import { describe, expect, it } from 'vitest';
import { createAfterAnswer } from './after-answer.ts';

const recordingLog = () => {
  const errors: { object: object; message: string }[] = [];
  return { errors, error: (object: object, message: string) => errors.push({ object, message }) };
};

describe('createAfterAnswer', () => {
  it('starts a task only after the caller has gone on, and settled() waits for it', async () => {
    const afterAnswer = createAfterAnswer(recordingLog());
    const done: string[] = [];
    afterAnswer.run('first', async () => {
      done.push('task');
    });
    done.push('caller');
    await afterAnswer.settled();
    expect(done).toEqual(['caller', 'task']);
  });

  it('waits for tasks started while it waits', async () => {
    const afterAnswer = createAfterAnswer(recordingLog());
    const done: string[] = [];
    afterAnswer.run('outer', async () => {
      afterAnswer.run('inner', async () => {
        done.push('inner');
      });
      done.push('outer');
    });
    await afterAnswer.settled();
    expect(done).toEqual(['outer', 'inner']);
  });

  it('logs a task that throws with what it was, and still settles', async () => {
    const log = recordingLog();
    const afterAnswer = createAfterAnswer(log);
    const failure = new Error('mail server gone');
    afterAnswer.run('could not send order #7’s emails', async () => {
      throw failure;
    });
    await afterAnswer.settled();
    expect(log.errors).toEqual([
      { object: { err: failure }, message: 'could not send order #7’s emails' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { forgetLastViewer, lastViewer, rememberLastViewer } from './lastViewer.ts';
import { createSessionExpiredHandler, leaveToLogin } from './viewerSession.ts';

/** What this browser last knew of its signed-in user (the dashboard's head start goes on it). */

const SESSION_ID = 'VXNlcjox';
const producer = { id: SESSION_ID, typologies: ['PRODUCER'], ownSiteTypology: 'PRODUCER' };

describe('the last viewer', () => {
  it('is forgotten when the session ends and when the user leaves for the login page', () => {
    rememberLastViewer(producer);
    expect(lastViewer()).toEqual(producer);
    // The session ends (the api answers UNAUTHENTICATED): the login page, and the browser knows nobody now.
    const left: string[] = [];
    createSessionExpiredHandler((url) => left.push(url))();
    expect(left).toHaveLength(1);
    expect(lastViewer()).toBeNull();

    // Logging out leaves for the login page too (jsdom does not navigate).
    rememberLastViewer(producer);
    leaveToLogin();
    expect(lastViewer()).toBeNull();
  });

  it('ignores what is kept when it is not a viewer', () => {
    window.localStorage.setItem('portail.lastViewer', '{"id":3,"typologies":"PRODUCER"}');
    expect(lastViewer()).toBeNull();
    window.localStorage.setItem('portail.lastViewer', 'not json');
    expect(lastViewer()).toBeNull();
    forgetLastViewer();
    expect(lastViewer()).toBeNull();
  });
});

/**
 * basic-ftp's client with one change: when a data connection fails, the control connection stays
 * open so that the server's reply to the transfer can still be read (RFC 959 section 4.2: every
 * command gets a reply). A server refusing a STOR (ProFTPD `AllowOverwrite off`: "550 …: Overwrite
 * permission denied") also resets the data connection, and the reset usually arrives first:
 * basic-ftp would close the whole connection and the refusal look like a dropped connection.
 */
import type { Socket } from 'node:net';
import { Client, FTPContext, FTPError, type FTPResponse } from 'basic-ftp';

/** A reply of the server: its code and its words (the whole line, code included, as sent). */
interface FtpReply {
  code: number;
  message: string;
}

/** FTPContext whose data connection failures leave the control connection open. */
class ReplyKeepingContext extends FTPContext {
  /** Replies that arrived while no command was waiting for one, oldest first. */
  private unclaimed: FtpReply[] = [];

  protected override _setupDefaultErrorHandlers(socket: Socket, identifier: string): void {
    if (identifier !== 'data socket') {
      super._setupDefaultErrorHandlers(socket, identifier);
      return;
    }
    // The running transfer fails with the error; the control connection is left as it is.
    socket.once('error', (error) => {
      error.message += ' (data socket)';
      this._passToHandler(error);
    });
    socket.once('close', (hadError) => {
      if (hadError) this._passToHandler(new Error('Socket closed due to transmission error (data socket)'));
    });
    socket.once('timeout', () => {
      socket.destroy();
      this.closeWithError(new Error('Timeout (data socket)'));
    });
  }

  protected override _passToHandler(response: Error | FTPResponse): void {
    if (!this._task) {
      if (response instanceof FTPError) this.unclaimed.push({ code: response.code, message: response.message });
      else if (!(response instanceof Error)) this.unclaimed.push(response);
    }
    super._passToHandler(response);
  }

  /** Forgets replies nobody waited for; called before a transfer so that only its own reply counts. */
  forgetUnclaimed(): void {
    this.unclaimed = [];
  }

  /**
   * The final reply (code 200 or above) to a transfer whose data connection failed: one that
   * already arrived with nobody waiting, else the next one, waiting up to the client's timeout.
   * @returns undefined when none comes (the connection closed, or the timeout passed; the
   *   connection is then closed)
   */
  async lateReply(): Promise<FtpReply | undefined> {
    const waiting = this.unclaimed.find((r) => r.code >= 200);
    if (waiting) {
      this.unclaimed = [];
      return waiting;
    }
    if (this.closed) return undefined;
    try {
      return await this.handle(undefined, (res, task) => {
        if (res instanceof FTPError) task.resolve({ code: res.code, message: res.message });
        else if (res instanceof Error) task.reject(res);
        else if (res.code >= 200) task.resolve(res);
      });
    } catch {
      return undefined;
    }
  }
}

/** basic-ftp's Client on a ReplyKeepingContext. */
export class ReplyReadingClient extends Client {
  declare readonly ftp: ReplyKeepingContext;

  /** @param timeoutMs how long to wait for a connection or a reply, in ms */
  constructor(timeoutMs: number) {
    super(timeoutMs);
    (this as { ftp: FTPContext }).ftp = new ReplyKeepingContext(timeoutMs);
  }
}

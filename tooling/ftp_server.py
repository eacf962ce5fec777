"""
An FTP server with explicit TLS (RFC 4217) for the deploy tests, on pyftpdlib (Debian's
python3-pyftpdlib with python3-openssl). Run with Debian's /usr/bin/python3:

  ftp_server.py PORT ROOT USER PASSWORD CERTFILE KEYFILE

USER may read, write, rename and delete under ROOT; the user "reader" (same password) may only
read, so a test can see how the deploy reports a folder it cannot write. TLS is offered, not
required, so the same server also answers plain FTP. Prints "ready" once it listens; stops on
SIGTERM.
"""
import logging
import sys
from pyftpdlib.authorizers import DummyAuthorizer
from pyftpdlib.handlers import TLS_DTPHandler, TLS_FTPHandler
from pyftpdlib.log import config_logging
from pyftpdlib.servers import FTPServer



class DataHandler(TLS_DTPHandler):
    """pyftpdlib 1.5.7 closes a data connection that turns readable before the STOR/RETR command
    arrives. Clients such as basic-ftp start the TLS handshake on the data connection as soon as it
    opens, before sending the command, so the handshake is let through here."""

    def readable(self):
        if self._ssl_accepting:
            return True
        return super().readable()


port, root, user, password, certfile, keyfile = sys.argv[1:7]
authorizer = DummyAuthorizer()
authorizer.add_user(user, password, root, perm="elradfmwMT")
authorizer.add_user("reader", password, root, perm="elr")
handler = TLS_FTPHandler
handler.authorizer = authorizer
handler.dtp_handler = DataHandler
handler.certfile = certfile
handler.keyfile = keyfile
handler.tls_control_required = False
handler.tls_data_required = False
handler.banner = "deploy test server"
config_logging(level=logging.WARNING)  # a line per command would fill an unread pipe and stall the server
server = FTPServer(("127.0.0.1", int(port)), handler)
print("ready", flush=True)
server.serve_forever()

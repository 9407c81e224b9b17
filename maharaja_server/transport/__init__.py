"""The server's transport: SSH and the web page, the hub that owns the tables, the
server's records, logins and limits. No Textual: a session's UI runs in processes the
transport starts (``spawn``) and talks to over the hub socket (``protocol``)."""

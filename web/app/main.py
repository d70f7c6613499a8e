# The PyScript entry point: everything lives in the frontend package (web/frontend).
from frontend.shell import app

app.start()

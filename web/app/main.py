# The PyScript entry point: everything lives in the frontend package (web/frontend).
from frontend import app

app.start()

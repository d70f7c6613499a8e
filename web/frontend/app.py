import importlib.util
from pyscript import document

def start():
    document.getElementById("app").innerHTML = "<p id=probe>pycore: " + str(importlib.util.find_spec("pycore") is not None) + "</p>"
    document.documentElement.dataset.app = "ready"

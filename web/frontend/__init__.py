"""The PyScript frontend of Thieves' Table: screens drawn from engine views."""

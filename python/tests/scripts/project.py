# Control.add_project, replace_project, remove_project: the atoms answer sets are
# projected on with --project, by symbol or program literal, kept over later steps,
# where new #project directives add to them; unknown atoms are left out.
import clingo


def count(ctl, on="abcqr"):
    """How many answer sets, and what they are on the atoms `on` (which atoms stand for a
    projection is the solver's choice)."""
    models = []
    ctl.solve(on_model=lambda m: models.append(
        " ".join(sorted(str(s) for s in m.symbols(shown=True) if str(s) in on))))
    return len(models), sorted(models)


a, b, c = (clingo.Function(n) for n in "abc")
for args in (["0"], ["0", "--project"]):
    ctl = clingo.Control(args)
    ctl.add("base", [], "{a;b;c}. #external e.")
    ctl.ground([("base", [])])
    print(args, count(ctl))
    ctl.add_project([a])
    print("add a", count(ctl, "a"))
    literal = {str(x.symbol): x.literal for x in ctl.symbolic_atoms}
    ctl.add_project([literal["c"], clingo.Function("zz")])
    print("add c by literal, zz", count(ctl, "ac"))
    ctl.replace_project([b])
    print("replace by b", count(ctl, "b"))
    ctl.remove_project()
    print("remove", count(ctl, ""))
    ctl.add_project([clingo.Function("e")])
    print("add external e", count(ctl, ""))

ctl = clingo.Control(["0", "--project"])
ctl.add("base", [], "{a;b}. #project a.")
ctl.add("step", [], "{q;r}. #project q.")
ctl.ground([("base", [])])
print("#project a", count(ctl, "a"))
ctl.remove_project()
ctl.add_project([b])
print("remove, add b", count(ctl, "b"))
ctl.ground([("step", [])])
print("step with #project q", count(ctl, "bq"))

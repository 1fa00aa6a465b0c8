# Model.context (a SolveControl): a clause or nogood added from a model callback, or
# while iterating a SolveHandle, holds for the rest of that solve call only.
#
# Which model comes first is the solver's business, so what is printed does not
# depend on it: for random programs (normal, with choices, disjunctive) the clause C
# is added at the first model; every later model must satisfy C, none may repeat, and
# together with the first they must be exactly the answer sets satisfying C (from a
# plain enumeration by the same system) plus the first. The next solve call has all
# answer sets again. Printed: the counts, which are the same for both systems.
import random

import clingo
from clingo import Function


def atoms_of(m):
    return frozenset(str(s) for s in m.symbols(atoms=True))


def satisfies(model, clause):
    return any((name in model) == truth for name, truth in clause)


def all_models(program):
    ctl = clingo.Control(["0"])
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    out = []
    ctl.solve(on_model=lambda m: out.append(atoms_of(m)))
    return out


def random_program(rng, n, disjunctive):
    atoms = ["a%d" % i for i in range(n)]
    choice = rng.sample(atoms, rng.randint(2, n))
    lines = ["{%s}." % ";".join(choice)]
    for _ in range(rng.randint(2, 6)):
        body = ", ".join(("" if rng.random() < 0.6 else "not ") + a for a in rng.sample(atoms, rng.randint(1, 3)))
        if disjunctive and rng.random() < 0.4:
            head = " | ".join(rng.sample(atoms, 2))
        else:
            head = rng.choice(atoms + [""])
        lines.append("%s :- %s." % (head, body))
    return "\n".join(lines), atoms, choice


def check(label, program, atoms, choice, rng, how):
    expected_all = all_models(program)
    # (one atom of the program at least: clingo 5.8.3 ignores an empty clause
    # added while iterating a SolveHandle, though not in a model callback)
    first = rng.choice(choice)
    clause = [(a, rng.random() < 0.5) for a in [first] + [a for a in rng.sample(atoms, rng.randint(0, 2)) if a != first]]
    ctl = clingo.Control(["0"])
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    seen = []

    def on_model(m):
        seen.append(atoms_of(m))
        if len(seen) == 1:
            if how in ("clause", "iterate"):
                m.context.add_clause([(Function(a), t) for a, t in clause])
            elif how == "nogood":
                m.context.add_nogood([(Function(a), not t) for a, t in clause])
            else:  # program literals, as the symbolic atoms give them
                lits = {str(x.symbol): x.literal for x in m.context.symbolic_atoms}
                # an atom the grounding does not have is false: its literal is left
                # out, and its negation holds (no clause)
                if all(a in lits or t for a, t in clause):
                    m.context.add_clause([lits[a] if t else -lits[a] for a, t in clause if a in lits]
                                         + [(Function("no_such_atom"), True)])
                else:
                    clause[:] = [("no_such_atom", False)]

    if how == "iterate":
        with ctl.solve(yield_=True) as handle:
            for m in handle:
                on_model(m)
            result = handle.get()
    else:
        result = ctl.solve(on_model=on_model)
    ok = len(set(seen)) == len(seen)
    ok = ok and all(satisfies(m, clause) for m in seen[1:])
    want = {m for m in expected_all if satisfies(m, clause)}
    if seen:
        want.add(seen[0])
    ok = ok and set(seen) == want
    again = []
    ctl.solve(on_model=lambda m: again.append(atoms_of(m)))
    ok = ok and sorted(map(sorted, again)) == sorted(map(sorted, expected_all))
    print(label, how, result, "ok" if ok else "WRONG %s %s %s" % (clause, seen, sorted(map(sorted, want))),
          len(expected_all), len([m for m in expected_all if satisfies(m, clause)]))


rng = random.Random(2026)
for i in range(60):
    program, atoms, choice = random_program(rng, rng.randint(3, 6), disjunctive=i % 3 == 2)
    check("case %d" % i, program, atoms, choice, rng, ["clause", "nogood", "literals", "iterate"][i % 4])

# a negated atom the program does not have is true: the clause is not added
ctl = clingo.Control(["0"])
ctl.add("base", [], "{a;b}.")
ctl.ground([("base", [])])
n = []
ctl.solve(on_model=lambda m: (n.append(1), m.context.add_clause([(Function("zz"), False)])))
print("true literal:", len(n))

# the empty clause: no answer set after this one
n = []
r = ctl.solve(on_model=lambda m: (n.append(1), m.context.add_clause([])))
print("empty clause:", len(n), r, r.exhausted)

# a clause that only the model found excludes
n = []
r = ctl.solve(on_model=lambda m: (n.append(sorted(str(s) for s in m.symbols(atoms=True))),
                                  m.context.add_nogood([(Function("a"), True)])))
print("nogood on a:", len(n), all("a" not in x for x in n[1:]), r)
